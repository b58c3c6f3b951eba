import { ResponseError } from "@croupier/contract/api-client";
import type { CoinShopItem } from "@croupier/contract/entities/loyalty";
import { AlertDialog } from "radix-ui";
import { useId, useState } from "react";
import { EmptyState } from "../../components/empty-state";
import { toastError, toastSuccess } from "../../lib/toasts";
import { useExchangeCoins } from "./loyalty-api";

function failureMessage(error: unknown): string | null {
  if (error instanceof ResponseError) return error.handled ? null : error.message || "The exchange did not go through.";
  return "No connection. Check your network and try again.";
}

const amountsText = (item: CoinShopItem) => item.amounts.map((a) => `${a.amount} ${a.currency_code}`).join(" / ");

export function CoinShopSkeleton() {
  return (
    <div aria-hidden="true" className="grid gap-4 sm:grid-cols-2" data-testid="coin-shop-skeleton">
      <div className="h-40 animate-pulse rounded-2xl bg-ink-800" />
      <div className="h-40 animate-pulse rounded-2xl bg-ink-800" />
    </div>
  );
}

/** Coin bonuses on sale, each with an Exchange button that asks first. */
export function CoinShop({ items, balance, onExchanged }: { items: CoinShopItem[]; balance: number; onExchanged?: () => void }) {
  if (items.length === 0)
    return (
      <EmptyState icon="coin" title="Nothing to buy right now">
        Coin bonuses appear here when they are on offer.
      </EmptyState>
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Coin bonuses">
      {items.map((item) => (
        <li key={item.bonus_guid}>
          <CoinShopCard item={item} balance={balance} onExchanged={onExchanged} />
        </li>
      ))}
    </ul>
  );
}

function CoinShopCard({ item, balance, onExchanged }: { item: CoinShopItem; balance: number; onExchanged?: () => void }) {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  // One key per confirmation dialog: a double click or a retry of the same purchase buys once.
  const [key, setKey] = useState(() => crypto.randomUUID());
  const exchange = useExchangeCoins(onExchanged);
  const affordable = balance >= Number(item.coin_price);
  const onConfirm = () => {
    exchange.mutateAsync({ bonusGuid: item.bonus_guid, idempotencyKey: key }).then(
      () => {
        setOpen(false);
        setKey(crypto.randomUUID());
        toastSuccess(`You bought ${item.bonus_name}. Find it under My bonuses.`);
      },
      (error: unknown) => {
        setOpen(false);
        setKey(crypto.randomUUID());
        const message = failureMessage(error);
        if (message) toastError(message);
      },
    );
  };
  return (
    <article aria-labelledby={headingId} className="card flex h-full flex-col gap-3 p-5" data-testid="coin-shop-item" data-bonus-guid={item.bonus_guid}>
      <div>
        <h3 id={headingId} className="text-lg font-semibold text-white">
          {item.bonus_name}
        </h3>
        <p className="text-xl font-bold text-gold-400">{amountsText(item)}</p>
        {item.description ? <p className="mt-1 line-clamp-3 text-sm text-mist-400">{item.description}</p> : null}
      </div>
      <p className="text-sm text-mist-300">
        Price: <span className="font-semibold text-white">{item.coin_price} coins</span>
        {item.bonus_wager !== "0" ? ` · wager ×${item.bonus_wager}` : ""}
      </p>
      <div className="mt-auto">
        <AlertDialog.Root open={open} onOpenChange={(next) => !exchange.isPending && setOpen(next)}>
          <AlertDialog.Trigger className="btn-primary h-9 px-4 text-sm" disabled={!affordable}>
            Exchange
          </AlertDialog.Trigger>
          {!affordable ? <p className="mt-2 text-sm text-mist-400">You need {item.coin_price} coins.</p> : null}
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
            <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none">
              <AlertDialog.Title className="text-lg font-bold text-white">Exchange {item.coin_price} coins?</AlertDialog.Title>
              <AlertDialog.Description className="mt-2 text-sm text-mist-300">
                You get {item.bonus_name} ({amountsText(item)} in your active wallet's currency). Coins spent are not returned.
              </AlertDialog.Description>
              <div className="mt-6 flex flex-wrap justify-end gap-2">
                <AlertDialog.Cancel className="btn-ghost" disabled={exchange.isPending}>
                  Not now
                </AlertDialog.Cancel>
                <button type="button" className="btn-primary" disabled={exchange.isPending} onClick={onConfirm}>
                  {exchange.isPending ? "Exchanging…" : "Exchange"}
                </button>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </div>
    </article>
  );
}
