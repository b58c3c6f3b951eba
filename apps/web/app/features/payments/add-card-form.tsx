import type { BillingCard } from "@croupier/contract/entities/card";
import { useId, useState, type FormEvent } from "react";
import { cx } from "../../lib/cx";
import {
  cardDigits,
  cardFieldErrors,
  formatCardNumber,
  validateCardDraft,
  type CardDraft,
  type CardErrors,
} from "./card-entry";
import { paymentFailure } from "./payments-api";
import { addSavedCard } from "./saved-cards";

const field =
  "mt-1 h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-sm text-white focus:border-gold-400 focus:outline-none";
const EMPTY: CardDraft = { number: "", holder: "", month: "", year: "" };
const YEARS_AHEAD = 20;

/**
 * "Add a card": the number lives only in this form's state until the request is sent and is
 * cleared afterwards; it is never logged or cached (the server keeps only the provider's token).
 */
export function AddCardForm({ onAdded, onCancel }: { onAdded: (card: BillingCard) => void; onCancel?: () => void }) {
  const id = useId();
  const [draft, setDraft] = useState<CardDraft>(EMPTY);
  const [errors, setErrors] = useState<CardErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const thisYear = new Date().getUTCFullYear();
  const years = Array.from({ length: YEARS_AHEAD + 1 }, (_, i) => thisYear + i);

  const set = (key: keyof CardDraft, value: string) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors({});
  };

  const submit = async (event: FormEvent) => {
    // A form inside the withdrawal page: never submit the outer one.
    event.preventDefault();
    event.stopPropagation();
    const found = validateCardDraft(draft, new Date());
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const card = await addSavedCard({
        card_number: cardDigits(draft.number),
        cardholder_name: draft.holder.trim(),
        expiration_month: Number(draft.month),
        expiration_year: Number(draft.year),
      });
      setDraft(EMPTY);
      onAdded(card);
    } catch (caught) {
      // Not logged: the request carried the card number.
      const fields = cardFieldErrors(caught);
      setErrors(fields);
      const message = paymentFailure(caught);
      if (!message.alreadyShown && Object.keys(fields).length === 0) setFailure(message.message);
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (key: keyof CardErrors) =>
    errors[key] ? (
      <p id={`${id}-${key}-error`} role="alert" className="mt-1 text-sm text-ruby-400">
        {errors[key]}
      </p>
    ) : null;
  const described = (key: keyof CardErrors) =>
    errors[key] ? { "aria-invalid": true, "aria-describedby": `${id}-${key}-error` } : {};

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a card"
      className="flex flex-col gap-3 rounded-xl border border-ink-600 bg-ink-850 p-4"
    >
      <p className="font-semibold text-white">Add a card</p>
      <div>
        <label htmlFor={`${id}-number`} className="text-sm font-medium text-mist-300">
          Card number
        </label>
        <input
          id={`${id}-number`}
          className={cx(field, "font-mono tracking-wider")}
          value={draft.number}
          onChange={(e) => set("number", formatCardNumber(e.target.value))}
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 5678 9012 3456"
          maxLength={23}
          spellCheck={false}
          {...described("card_number")}
        />
        {errorOf("card_number")}
      </div>
      <div>
        <label htmlFor={`${id}-holder`} className="text-sm font-medium text-mist-300">
          Name on card
        </label>
        <input
          id={`${id}-holder`}
          className={field}
          value={draft.holder}
          onChange={(e) => set("holder", e.target.value)}
          autoComplete="cc-name"
          maxLength={100}
          {...described("cardholder_name")}
        />
        {errorOf("cardholder_name")}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={`${id}-month`} className="text-sm font-medium text-mist-300">
            Expiry month
          </label>
          <select
            id={`${id}-month`}
            className={field}
            value={draft.month}
            onChange={(e) => set("month", e.target.value)}
            autoComplete="cc-exp-month"
            {...described("expiration_month")}
          >
            <option value="">Month</option>
            {Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, "0")).map((m) => (
              <option key={m} value={String(Number(m))}>
                {m}
              </option>
            ))}
          </select>
          {errorOf("expiration_month")}
        </div>
        <div>
          <label htmlFor={`${id}-year`} className="text-sm font-medium text-mist-300">
            Expiry year
          </label>
          <select
            id={`${id}-year`}
            className={field}
            value={draft.year}
            onChange={(e) => set("year", e.target.value)}
            autoComplete="cc-exp-year"
            {...described("expiration_year")}
          >
            <option value="">Year</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
          {errorOf("expiration_year")}
        </div>
      </div>
      {failure ? (
        <p role="alert" className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400">
          {failure}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn-primary h-11" disabled={busy}>
          {busy ? "Saving card…" : "Save card"}
        </button>
        {onCancel ? (
          <button type="button" className="btn-ghost h-11" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
