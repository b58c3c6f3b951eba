import type { BillingCard } from "@croupier/contract/entities/card";
import { useState } from "react";
import { cx } from "../../lib/cx";
import { toastError, toastSuccess } from "../../lib/toasts";
import { paymentFailure } from "./payments-api";
import { cardLabel, removeSavedCard } from "./saved-cards";

type Props = {
  cards: BillingCard[];
  chosen: string | null;
  onChoose: (guid: string) => void;
  /** After a removal the server confirmed. */
  onRemoved: (guid: string) => void;
  error?: string;
};

/** The saved cards to pay out to; each can be removed after a confirmation. */
export function SavedCardPicker({ cards, chosen, onChoose, onRemoved, error }: Props) {
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async (card: BillingCard) => {
    setBusy(true);
    try {
      await removeSavedCard(card.guid);
      toastSuccess(`${cardLabel(card)} removed.`);
      setConfirming(null);
      onRemoved(card.guid);
    } catch (caught) {
      const failure = paymentFailure(caught);
      if (!failure.alreadyShown) toastError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset>
      <legend className="text-sm font-medium text-mist-300">Pay out to</legend>
      <ul className="mt-1 flex flex-col gap-2" aria-label="Saved cards">
        {cards.map((card) => {
          const label = cardLabel(card);
          return (
            <li
              key={card.guid}
              className={cx(
                "rounded-lg border px-3 py-2.5 text-sm",
                chosen === card.guid ? "border-gold-400 bg-gold-500/10" : "border-ink-600 bg-ink-800",
              )}
            >
              <div className="flex items-center gap-3">
                <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3">
                  <input
                    type="radio"
                    name="card"
                    value={card.guid}
                    checked={chosen === card.guid}
                    onChange={() => onChoose(card.guid)}
                    className="accent-gold-500"
                  />
                  <span className="font-medium text-white">{label}</span>
                  <span className="ml-auto truncate text-xs text-mist-400">{card.cardholder_name}</span>
                </label>
                {confirming === card.guid ? null : (
                  <button
                    type="button"
                    className="btn-ghost h-8 px-3 text-xs"
                    aria-label={`Remove ${label}`}
                    onClick={() => setConfirming(card.guid)}
                  >
                    Remove
                  </button>
                )}
              </div>
              {confirming === card.guid ? (
                <div
                  role="group"
                  aria-label={`Confirm removing ${label}`}
                  className="mt-2 flex flex-wrap items-center gap-2 border-t border-ink-600 pt-2"
                >
                  <p className="flex-1 text-xs text-mist-300">Remove this card? You can add it again later.</p>
                  <button
                    type="button"
                    className="btn-primary h-8 px-3 text-xs"
                    disabled={busy}
                    onClick={() => void remove(card)}
                  >
                    {busy ? "Removing…" : "Yes, remove card"}
                  </button>
                  <button
                    type="button"
                    className="btn-ghost h-8 px-3 text-xs"
                    disabled={busy}
                    onClick={() => setConfirming(null)}
                  >
                    Keep card
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      {error ? (
        <p role="alert" className="mt-1 text-sm text-ruby-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
