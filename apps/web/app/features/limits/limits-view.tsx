import { ResponseError } from "@croupier/contract/api-client";
import type { PlayerLimit, SetLimitResult } from "@croupier/contract/entities/limits";
import { LIMIT_PERIODS, LIMIT_TYPES, type LimitType } from "@croupier/contract/limit-constants";
import { formatAmount } from "@croupier/contract/money";
import { AlertDialog } from "radix-ui";
import { useId, useState, type FormEvent } from "react";
import { cx } from "../../lib/cx";
import { toastError, toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { useCancelLimitChange, useConfirmLimit, useLimits, useRemoveLimit, useSetLimit } from "./limits-api";
import {
  LIMIT_TYPE_HINTS,
  LIMIT_TYPE_LABELS,
  PERIOD_ADJECTIVES,
  PERIOD_LABELS,
  amountError,
  formatCountdown,
  formatLimitValue,
  formatMinutes,
  minutesError,
  usedPercent,
  type LimitCurrency,
} from "./limit-text";
import { useCountdown } from "./use-countdown";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** What to tell the player after a failed call (a 5xx was already toasted by the API client). */
function failureMessage(error: unknown, fallback: string): string | null {
  if (error instanceof ResponseError) return error.handled ? null : error.message || fallback;
  return "No connection. Check your network and try again.";
}

/**
 * The player's responsible-gaming limits (ADR 021): each limit with its usage as a progress bar and
 * any pending increase or removal with a countdown to the end of its cooling-off, then a Confirm
 * button; a form to set a limit. `currencies` are the player's wallet currencies (money limits are
 * per currency).
 */
export function LimitsView({ currencies }: { currencies: LimitCurrency[] }) {
  const { userId } = useAuth();
  const query = useLimits(userId);

  if (query.isError)
    return (
      <p role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
        Your limits could not be loaded. Please try again.
      </p>
    );

  return (
    <div className="grid gap-6 laptop:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="limits-current" className="space-y-6">
        <h2 id="limits-current" className="sr-only">
          Your limits
        </h2>
        {query.isPending ? (
          <LimitsSkeleton />
        ) : (
          LIMIT_TYPES.map((type) => (
            <LimitGroup key={type} type={type} limits={query.data.limits.filter((limit) => limit.limit_type === type)} userId={userId} />
          ))
        )}
      </section>
      <LimitForm userId={userId} currencies={currencies} coolingOffHours={query.data?.cooling_off_hours ?? 24} />
    </div>
  );
}

function LimitGroup({ type, limits, userId }: { type: LimitType; limits: PlayerLimit[]; userId: string | null }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div>
        <h3 id={headingId} className="text-base font-semibold text-white">
          {LIMIT_TYPE_LABELS[type]}
        </h3>
        <p className="text-sm text-mist-400">{LIMIT_TYPE_HINTS[type]}</p>
      </div>
      {limits.length === 0 ? (
        <p className="rounded-xl border border-dashed border-ink-600 p-4 text-sm text-mist-400">No {LIMIT_TYPE_LABELS[type].toLowerCase()} set.</p>
      ) : (
        <ul className="grid gap-3 tablet:grid-cols-2">
          {limits.map((limit) => (
            <li key={limit.guid}>
              <LimitCard limit={limit} userId={userId} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function limitTitle(limit: PlayerLimit): string {
  if (limit.period === null) return LIMIT_TYPE_LABELS[limit.limit_type];
  return `${PERIOD_ADJECTIVES[limit.period]} ${LIMIT_TYPE_LABELS[limit.limit_type].toLowerCase()} · ${limit.currency_code ?? ""}`;
}

function LimitCard({ limit, userId }: { limit: PlayerLimit; userId: string | null }) {
  const percent = usedPercent(limit);
  const isMoney = limit.amount !== null;
  const usedText = isMoney
    ? `${formatAmount(limit.used ?? "0", limit.decimals ?? 2)} used · ${formatAmount(limit.remaining ?? "0", limit.decimals ?? 2)} ${limit.currency_code} left`
    : limit.used_minutes === null
      ? "No session open"
      : `${formatMinutes(limit.used_minutes)} of this session used`;
  return (
    <article className="card h-full space-y-3 p-4" aria-label={limitTitle(limit)}>
      <div className="flex items-start justify-between gap-3">
        <div>
          <p className="text-sm text-mist-400">{limitTitle(limit)}</p>
          <p className="text-xl font-bold text-white tabular-nums">{formatLimitValue(limit)}</p>
        </div>
        {limit.pending?.removal ? null : <RemoveLimitButton limit={limit} userId={userId} />}
      </div>
      <div>
        <div
          role="progressbar"
          aria-label={`${limitTitle(limit)} used`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
          aria-valuetext={usedText}
          className="h-2 overflow-hidden rounded-full bg-ink-700"
        >
          <div
            className={cx("h-full rounded-full", percent >= 100 ? "bg-ruby-500" : percent >= 80 ? "bg-gold-500" : "bg-felt-400")}
            style={{ width: `${percent}%` }}
          />
        </div>
        <p className="mt-1 text-xs text-mist-400 tabular-nums">{usedText}</p>
      </div>
      {limit.pending ? <PendingChange limit={limit} userId={userId} /> : null}
    </article>
  );
}

function PendingChange({ limit, userId }: { limit: PlayerLimit; userId: string | null }) {
  const pending = limit.pending!;
  const remainingMs = useCountdown(pending.effective_at);
  const confirm = useConfirmLimit(userId);
  const cancel = useCancelLimitChange(userId);
  const due = pending.confirmable || remainingMs === 0;
  const what = pending.removal ? "Removal" : `Increase to ${formatLimitValue(limit, pending.amount, pending.minutes)}`;

  const onConfirm = () =>
    confirm.mutateAsync(limit.guid).then(
      (result) => toastSuccess(result ? `Your limit is now ${formatLimitValue(result)}.` : "Your limit has been removed."),
      (error: unknown) => {
        const message = failureMessage(error, "The change could not be confirmed.");
        if (message) toastError(message);
      },
    );
  const onCancel = () =>
    cancel.mutateAsync(limit.guid).then(
      () => toastSuccess("The pending change was cancelled. Your limit stays as it is."),
      (error: unknown) => {
        const message = failureMessage(error, "The change could not be cancelled.");
        if (message) toastError(message);
      },
    );

  return (
    <div className="rounded-xl border border-gold-500/40 bg-gold-500/10 p-3 text-sm">
      <p className="font-medium text-gold-300">{what} pending</p>
      {due ? (
        <p className="mt-1 text-mist-300">The cooling-off period is over. Confirm to apply it, or cancel it.</p>
      ) : (
        <p className="mt-1 text-mist-300">
          Cooling-off: you can confirm in{" "}
          <span role="timer" aria-live="off" className="font-semibold text-white tabular-nums">
            {formatCountdown(remainingMs)}
          </span>{" "}
          (from {dateTime.format(new Date(pending.effective_at))}). Your current limit applies until then.
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-primary h-9" disabled={!due || confirm.isPending} onClick={() => void onConfirm()}>
          {confirm.isPending ? "Confirming…" : "Confirm"}
        </button>
        <button type="button" className="btn-ghost h-9" disabled={cancel.isPending} onClick={() => void onCancel()}>
          Cancel change
        </button>
      </div>
    </div>
  );
}

function RemoveLimitButton({ limit, userId }: { limit: PlayerLimit; userId: string | null }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveLimit(userId);
  const onRemove = () =>
    remove.mutateAsync(limit.guid).then(
      (result) => {
        setOpen(false);
        toastSuccess(`Removal requested. You can confirm it from ${dateTime.format(new Date(result.pending?.effective_at ?? Date.now()))}.`);
      },
      (error: unknown) => {
        setOpen(false);
        const message = failureMessage(error, "The limit could not be removed.");
        if (message) toastError(message);
      },
    );
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <AlertDialog.Trigger className="btn-ghost h-8 px-3 text-xs">Remove</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-modal w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-ink-600 bg-ink-850 p-6 shadow-2xl focus:outline-none">
          <AlertDialog.Title className="text-lg font-bold text-white">Remove your {limitTitle(limit).toLowerCase()}?</AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-mist-300">
            For your protection a removal waits 24 hours, and then you confirm it. Until then the limit of{" "}
            {formatLimitValue(limit)} still applies.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className="btn-ghost" disabled={remove.isPending}>
              Keep it
            </AlertDialog.Cancel>
            <button type="button" className="btn-primary" disabled={remove.isPending} onClick={() => void onRemove()}>
              {remove.isPending ? "Requesting…" : "Request removal"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

function resultMessage(result: SetLimitResult): string {
  const value = formatLimitValue(result.limit);
  if (result.outcome === "applied") return `Your limit of ${value} applies now.`;
  if (result.outcome === "unchanged") return `Your limit stays at ${value}.`;
  const pending = result.limit.pending!;
  return `Your increase to ${formatLimitValue(result.limit, pending.amount, pending.minutes)} is pending: confirm it from ${dateTime.format(new Date(pending.effective_at))}. Until then ${value} applies.`;
}

function LimitForm({ userId, currencies, coolingOffHours }: { userId: string | null; currencies: LimitCurrency[]; coolingOffHours: number }) {
  const id = useId();
  const [type, setType] = useState<LimitType>("deposit");
  const [period, setPeriod] = useState<(typeof LIMIT_PERIODS)[number]>("day");
  const [currencyGuid, setCurrencyGuid] = useState<string>("");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const set = useSetLimit(userId);
  const currency = currencies.find((c) => c.guid === currencyGuid) ?? currencies[0];
  const isSession = type === "session_time";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = isSession ? minutesError(value) : amountError(value, currency);
    setError(problem);
    if (problem) return;
    const body = isSession
      ? ({ limit_type: "session_time", minutes: Number(value.trim()) } as const)
      : { limit_type: type, period, currency_guid: currency!.guid, amount: value.trim() };
    set.mutateAsync(body).then(
      (result) => {
        setValue("");
        toastSuccess(resultMessage(result));
      },
      (failure: unknown) => {
        const fields = failure instanceof ResponseError ? failure.fields : [];
        const message = fields[0]?.message ? `The ${fields[0].field.replace(/^body\./, "")} ${fields[0].message}.` : failureMessage(failure, "The limit could not be set.");
        if (message) {
          setError(message);
          toastError(message);
        }
      },
    );
  };

  return (
    <section aria-labelledby={`${id}-title`} className="card h-fit space-y-4 p-5">
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-white">
          Set a limit
        </h2>
        <p className="mt-1 text-sm text-mist-400">
          A new or lower limit applies at once. A higher limit or a removal applies only after a {coolingOffHours}-hour cooling-off and your
          confirmation.
        </p>
      </div>
      <form noValidate onSubmit={submit} className="space-y-4">
        <div>
          <label htmlFor={`${id}-type`} className="text-sm font-medium text-mist-300">
            Limit
          </label>
          <select id={`${id}-type`} value={type} onChange={(e) => { setType(e.target.value as LimitType); setError(null); }} className="mt-1 h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-white">
            {LIMIT_TYPES.map((t) => (
              <option key={t} value={t}>
                {LIMIT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        {isSession ? null : (
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={`${id}-period`} className="text-sm font-medium text-mist-300">
                Period
              </label>
              <select id={`${id}-period`} value={period} onChange={(e) => setPeriod(e.target.value as typeof period)} className="mt-1 h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-white">
                {LIMIT_PERIODS.map((p) => (
                  <option key={p} value={p}>
                    {PERIOD_LABELS[p]}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-currency`} className="text-sm font-medium text-mist-300">
                Currency
              </label>
              <select id={`${id}-currency`} value={currency?.guid ?? ""} onChange={(e) => setCurrencyGuid(e.target.value)} disabled={currencies.length === 0} className="mt-1 h-11 w-full rounded-lg border border-ink-600 bg-ink-900 px-3 text-white">
                {currencies.length === 0 ? <option value="">No wallet yet</option> : null}
                {currencies.map((c) => (
                  <option key={c.guid} value={c.guid}>
                    {c.code}
                  </option>
                ))}
              </select>
            </div>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-value`} className="text-sm font-medium text-mist-300">
            {isSession ? "Minutes per session" : `Amount${currency ? ` (${currency.code})` : ""}`}
          </label>
          <input
            id={`${id}-value`}
            name={isSession ? "minutes" : "amount"}
            inputMode={isSession ? "numeric" : "decimal"}
            autoComplete="off"
            maxLength={40}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            className={cx("mt-1 h-11 w-full rounded-lg border bg-ink-900 px-3 text-white tabular-nums outline-none focus:border-gold-400", error ? "border-ruby-500" : "border-ink-600")}
          />
          {error ? (
            <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-ruby-400">
              {error}
            </p>
          ) : null}
        </div>
        <button type="submit" className="btn-primary w-full" disabled={set.isPending}>
          {set.isPending ? "Saving…" : "Save limit"}
        </button>
      </form>
    </section>
  );
}

function LimitsSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading your limits" className="space-y-3">
      {[0, 1, 2].map((n) => (
        <div key={n} className="h-28 animate-pulse rounded-2xl bg-ink-800" />
      ))}
    </div>
  );
}
