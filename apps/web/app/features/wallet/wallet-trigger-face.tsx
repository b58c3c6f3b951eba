import { isZeroAmount } from "@croupier/contract/money";
import { Icon } from "../../components/icons";
import { CurrencyBadge } from "./currency-badge";
import { formatWalletAmount, type WalletView } from "./wallet-state";

/** "1 free spin", "12 free spins". */
export function freeSpinsLabel(count: number): string {
  return `${count} free spin${count === 1 ? "" : "s"}`;
}

/**
 * What the header shows for the active wallet: currency, total balance (cash + bonus, the seed's
 * total_balance) and the currency's name; with bonus money or free spins, the split under the total.
 */
export function WalletTriggerFace({ wallet }: { wallet: WalletView }) {
  const hasBonus = !isZeroAmount(wallet.bonus_balance);
  const spins = wallet.free_spin_count;
  return (
    <>
      <CurrencyBadge currency={wallet.currency} />
      <span className="sr-only">Active wallet:</span>
      <span className="flex min-w-0 flex-col items-start leading-tight">
        <span className="font-semibold text-white tabular-nums" data-testid="header-wallet-total">
          {formatWalletAmount(wallet.total_balance, wallet.currency)}
        </span>
        {hasBonus || spins > 0 ? (
          <span className="truncate text-[0.7rem] text-mist-300 tabular-nums" data-testid="header-wallet-split">
            {hasBonus ? (
              <>
                <span className="max-sm:sr-only">Cash {formatWalletAmount(wallet.balance, wallet.currency)} · </span>
                <span className="text-gold-300">Bonus {formatWalletAmount(wallet.bonus_balance, wallet.currency)}</span>
              </>
            ) : null}
            {hasBonus && spins > 0 ? " · " : null}
            {spins > 0 ? (
              <span className="text-gold-300" data-testid="header-wallet-free-spins">
                {freeSpinsLabel(spins)}
              </span>
            ) : null}
          </span>
        ) : null}
      </span>
      <span className="text-mist-300 max-sm:sr-only" data-testid="header-wallet-currency">
        {wallet.currency_name}
      </span>
      <Icon name="chevron" width={14} height={14} className="rotate-90 text-mist-400 max-sm:hidden" />
    </>
  );
}

export const TRIGGER_CLASS = "btn-ghost max-w-[16rem] gap-2 px-3 max-sm:px-2";
