import type { Currency } from "@croupier/contract/entities/currency";
import { useId } from "react";
import { useCreateWallet } from "./use-create-wallet";
import { CurrencyBadge } from "./currency-badge";
import { reportWalletError } from "./wallet-api";
import { currencyName } from "./wallet-state";

/** The add-wallet flow: the currencies the player has no wallet in yet; choosing one creates it as the active wallet. */
export function AddWalletPanel({ currencies, onClose }: { currencies: Currency[]; onClose: () => void }) {
  const create = useCreateWallet();
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="card mb-6 p-5" data-testid="add-wallet">
      <div className="flex items-start justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-white">
            Add a wallet
          </h2>
          <p className="mt-1 text-sm text-mist-400">Choose a currency. The new wallet becomes your active one.</p>
        </div>
        <button type="button" className="btn-ghost h-9 px-3" onClick={onClose}>
          Close
        </button>
      </div>
      {currencies.length === 0 ? (
        <p className="mt-4 text-sm text-mist-300">You already have a wallet in every currency we offer.</p>
      ) : (
        <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {currencies.map((currency) => {
            const name = currencyName(currency);
            return (
              <li key={currency.guid}>
                <button
                  type="button"
                  className="flex w-full items-center gap-3 rounded-xl border border-ink-600 bg-ink-800 px-3 py-2.5 text-left hover:border-gold-500/60 hover:bg-ink-700 disabled:cursor-wait disabled:opacity-60"
                  disabled={create.isPending}
                  aria-label={`Add a ${name} wallet`}
                  onClick={() =>
                    create.mutate(
                      { currencyGuid: currency.guid, currencyName: name },
                      { onSuccess: onClose, onError: (error) => reportWalletError(error) },
                    )
                  }
                >
                  <CurrencyBadge currency={currency} className="size-8" />
                  <span className="min-w-0">
                    <span className="block font-semibold text-white">{name}</span>
                    <span className="block truncate text-xs text-mist-400">{currency.name}</span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
