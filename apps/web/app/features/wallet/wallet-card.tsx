import { CurrencyBadge } from "./currency-badge";
import { formatWalletAmount, type WalletView } from "./wallet-state";

/** One wallet on the wallets page: its balances, whether it is the active one, and the switch. */
export function WalletCard({
  wallet,
  busy,
  onActivate,
}: {
  wallet: WalletView;
  busy: boolean;
  onActivate: () => void;
}) {
  const amount = (value: string) => formatWalletAmount(value, wallet.currency);
  const titleId = `wallet-${wallet.guid}`;
  return (
    <article
      aria-labelledby={titleId}
      className={`card flex flex-col p-5 ${wallet.is_active ? "border-gold-500/60" : ""}`}
      data-testid="wallet-card"
    >
      <header className="flex items-center gap-3">
        <CurrencyBadge currency={wallet.currency} className="size-10 text-base" />
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-lg font-semibold text-white">
            {wallet.currency_name}
          </h2>
          <p className="truncate text-xs text-mist-400">{wallet.currency.name}</p>
        </div>
        {wallet.is_active ? (
          <span className="rounded-full bg-felt-600/20 px-2.5 py-1 text-xs font-semibold text-felt-400">Active</span>
        ) : null}
      </header>
      <dl className="mt-5 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm [&_dt]:whitespace-nowrap">
        <dt className="text-mist-400">Balance</dt>
        <dd className="min-w-0 text-right break-all text-mist-100 tabular-nums">{amount(wallet.balance)}</dd>
        <dt className="text-mist-400">Bonus balance</dt>
        <dd className="min-w-0 text-right break-all text-mist-100 tabular-nums">{amount(wallet.bonus_balance)}</dd>
        <dt className="border-t border-ink-700 pt-2 font-semibold text-white">Total</dt>
        <dd
          className="border-t border-ink-700 pt-2 min-w-0 text-right text-lg font-bold break-all text-white tabular-nums"
          data-testid="wallet-card-total"
        >
          {amount(wallet.total_balance)}{" "}
          <span className="text-sm font-medium text-mist-300">{wallet.currency.code}</span>
        </dd>
      </dl>
      {wallet.is_active ? null : (
        <button
          type="button"
          className="btn-ghost mt-5"
          disabled={busy}
          onClick={onActivate}
          aria-describedby={titleId}
        >
          Make active
        </button>
      )}
    </article>
  );
}

export function WalletCardSkeleton() {
  return (
    <div className="card p-5" aria-hidden="true">
      <div className="flex items-center gap-3">
        <span className="size-10 animate-pulse rounded-full bg-ink-700" />
        <span className="h-5 w-24 animate-pulse rounded bg-ink-700" />
      </div>
      <div className="mt-6 space-y-3">
        <span className="block h-4 w-full animate-pulse rounded bg-ink-700" />
        <span className="block h-4 w-full animate-pulse rounded bg-ink-700" />
        <span className="block h-6 w-2/3 animate-pulse rounded bg-ink-700" />
      </div>
    </div>
  );
}
