import type { PromoCodeActivation } from "@croupier/contract/entities/promo-code";
import { ResponseError } from "@croupier/contract/api-client";
import { useId, useState, type FormEvent } from "react";
import { ModalLink } from "../../components/modal-link";
import { markBonusAnnounced } from "../../lib/announced-bonuses";
import { cx } from "../../lib/cx";
import { toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { useActivatePromoCode } from "./promo-codes-api";

/** The longest input the server reads (codes are at most 32 characters; a little slack for spaces). */
const INPUT_MAX = 64;

function failureMessage(error: unknown): string | null {
  // The API client already toasted a 5xx; the server's message for a refused code is safe to show as is.
  if (error instanceof ResponseError) return error.handled ? null : error.message || "This promo code cannot be used.";
  return "No connection. Check your network and try again.";
}

type PromoCodeFormProps = {
  /** The page refreshes what the bonus changed (my bonuses, wallets): features do not know each other. */
  onRedeemed?: (activation: PromoCodeActivation) => void;
  /** compact: one line, for the deposit dialog. */
  variant?: "card" | "compact";
};

/**
 * A promo code field (POST /promocodes/activate): label, Redeem, the server's refusal under the
 * field (announced), and a success toast naming the bonus. A visitor is asked to log in first.
 */
export function PromoCodeForm({ onRedeemed, variant = "card" }: PromoCodeFormProps) {
  const { userId } = useAuth();
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const mutation = useActivatePromoCode((activation) => {
    // This toast names the new bonus: the realtime "You have a new bonus" for it would say it twice.
    const customerBonusGuid = activation.customer_promo_code.customer_bonus_guid;
    if (customerBonusGuid) markBonusAnnounced(customerBonusGuid);
    toastSuccess(activation.message);
    setCode("");
    onRedeemed?.(activation);
  });

  if (!userId)
    return (
      <p className={cx("text-sm text-mist-300", variant === "card" && "rounded-xl border border-ink-600 p-4")}>
        Have a promo code?{" "}
        <ModalLink modal="login" className="font-semibold text-gold-400 underline-offset-2 hover:underline">
          Log in
        </ModalLink>{" "}
        to redeem it.
      </p>
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!trimmed) {
      setError("Enter a promo code.");
      return;
    }
    setError(null);
    mutation.mutate(trimmed, { onError: (failure) => setError(failureMessage(failure)) });
  };

  const busy = mutation.isPending;
  return (
    <form
      onSubmit={submit}
      noValidate
      className={cx("flex flex-col gap-2", variant === "card" && "rounded-xl border border-ink-600 bg-ink-800 p-4")}
    >
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-mist-100">
        Promo code
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-input`}
          name="promo_code"
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(null);
          }}
          maxLength={INPUT_MAX}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. WELCOME100"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-ink-600 bg-ink-900 px-3 text-[15px] uppercase text-white placeholder:normal-case placeholder:text-mist-400/70 focus:border-gold-400 focus:outline-none aria-invalid:border-ruby-400"
        />
        <button type="submit" className="btn-primary h-11 shrink-0 px-5" disabled={busy} aria-busy={busy || undefined}>
          {busy ? "Checking…" : "Redeem"}
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-ruby-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
