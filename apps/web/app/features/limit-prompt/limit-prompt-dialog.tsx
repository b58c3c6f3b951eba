import { useId, useState, type FormEvent } from "react";
import { Dialog } from "radix-ui";
import { ResponseError } from "@croupier/contract/api-client";
import { LIMIT_PERIODS, type LimitPeriod } from "@croupier/contract/limit-constants";
import { useAnswerLimitPrompt, usePromptCurrency, useSetDepositLimit } from "./limit-prompt-api";

const PERIOD_LABELS: Record<LimitPeriod, string> = {
  day: "Per day (24 hours)",
  week: "Per week (7 days)",
  month: "Per month (30 days)",
};
const AMOUNT = /^\d{1,10}(\.\d{1,2})?$/;

const inputClass =
  "h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-[15px] text-white focus:border-gold-400 focus:outline-none aria-invalid:border-ruby-400";

function messageOf(error: unknown): string {
  if (error instanceof ResponseError) return error.payload.message || "Unexpected error";
  return "No connection. Check your network and try again.";
}

/**
 * The deposit-limit prompt (ADR 025): set a deposit limit now, or choose "No limit for now"; both are
 * answers the server records, and the prompt does not return. Where the jurisdiction requires an
 * answer (gb) the dialog has no other way out: no close button, Escape and a click outside do nothing.
 * Elsewhere it may be closed and comes back next time.
 */
export function LimitPromptDialog({
  userId,
  required,
  onClose,
}: {
  userId: string;
  required: boolean;
  onClose: () => void;
}) {
  const currency = usePromptCurrency(userId, true);
  const setLimit = useSetDepositLimit();
  const answer = useAnswerLimitPrompt(userId);
  const [amount, setAmount] = useState("");
  const [period, setPeriod] = useState<LimitPeriod>("week");
  const [amountError, setAmountError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const amountId = useId();
  const periodId = useId();
  const busy = setLimit.isPending || answer.isPending;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = amount.trim();
    if (!AMOUNT.test(value) || Number(value) <= 0) return setAmountError("Enter an amount such as 100 or 250.50.");
    if (!currency.data) return setError("Your account currency is not known yet. Please try again.");
    setAmountError(null);
    setError(null);
    try {
      await setLimit.mutateAsync({ limit_type: "deposit", period, currency_guid: currency.data.guid, amount: value });
      await answer.mutateAsync("limit_set");
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const decline = async () => {
    setError(null);
    try {
      await answer.mutateAsync("declined");
    } catch (failure) {
      setError(messageOf(failure));
    }
  };

  const keepOpen = (event: Event) => {
    if (required) event.preventDefault();
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !required && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <Dialog.Content
          data-testid="limit-prompt"
          onEscapeKeyDown={keepOpen}
          onPointerDownOutside={keepOpen}
          onInteractOutside={keepOpen}
          className="fixed top-1/2 left-1/2 z-modal max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-[460px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none"
        >
          <Dialog.Title className="text-xl font-bold text-white">Set a deposit limit?</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-mist-300">
            A deposit limit caps how much you can deposit in a rolling day, week or month. Lowering it applies at once;
            raising or removing it takes 24 hours and your confirmation. You can change it any time under Account →
            Limits.
          </Dialog.Description>
          <form onSubmit={submit} className="mt-5 flex flex-col gap-4" noValidate>
            <div className="grid grid-cols-1 gap-3 tablet:grid-cols-2">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={amountId} className="text-sm font-medium text-mist-100">
                  Amount{currency.data ? ` (${currency.data.code})` : ""}
                </label>
                {currency.isPending ? (
                  <div className="h-11 animate-pulse rounded-lg bg-ink-700" aria-hidden />
                ) : (
                  <input
                    id={amountId}
                    autoFocus
                    className={inputClass}
                    inputMode="decimal"
                    value={amount}
                    onChange={(e) => setAmount(e.target.value)}
                    aria-invalid={amountError ? true : undefined}
                    aria-describedby={amountError ? `${amountId}-error` : undefined}
                  />
                )}
                {amountError ? (
                  <p id={`${amountId}-error`} role="alert" className="text-sm text-ruby-400">
                    {amountError}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={periodId} className="text-sm font-medium text-mist-100">
                  Period
                </label>
                <select
                  id={periodId}
                  className={inputClass}
                  value={period}
                  onChange={(e) => setPeriod(e.target.value as LimitPeriod)}
                >
                  {LIMIT_PERIODS.map((p) => (
                    <option key={p} value={p}>
                      {PERIOD_LABELS[p]}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {error ? (
              <p
                role="alert"
                className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400"
              >
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              className="btn-primary h-11 w-full"
              disabled={busy}
              aria-busy={setLimit.isPending || undefined}
            >
              {setLimit.isPending ? "Please wait…" : "Set my deposit limit"}
            </button>
            <button type="button" className="btn-ghost h-11 w-full" disabled={busy} onClick={() => void decline()}>
              No limit for now
            </button>
          </form>
          {required ? null : (
            <Dialog.Close className="mt-3 w-full text-center text-sm text-mist-400 hover:text-white">
              Ask me later
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
