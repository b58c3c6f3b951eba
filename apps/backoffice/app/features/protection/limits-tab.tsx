import {
  LIMIT_PERIODS,
  LIMIT_TYPES,
  type LimitChange,
  type LimitPeriod,
  type LimitType,
  type PlayerLimit,
} from "@croupier/contract/entities/limits";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { SelectField, TextField } from "../../components/field";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { usePlayerLimits, useSetPlayerLimit } from "./player-limits";

const TYPE_LABELS: Record<LimitType, string> = { deposit: "Deposit", loss: "Loss", wager: "Wager", session_time: "Session time" };
const PERIOD_LABELS: Record<LimitPeriod, string> = { day: "24 hours", week: "7 days", month: "30 days" };
const ACTION_LABELS: Record<LimitChange["action"], string> = {
  set: "Set",
  decreased: "Lowered",
  increase_requested: "Increase requested",
  removal_requested: "Removal requested",
  increase_confirmed: "Increase confirmed",
  removal_confirmed: "Removal confirmed",
  pending_cancelled: "Pending change cancelled",
};

const value = (limit: Pick<PlayerLimit, "amount" | "minutes" | "currency_code">, amount = limit.amount, minutes = limit.minutes) =>
  amount !== null ? `${amount} ${limit.currency_code ?? ""}` : minutes !== null ? `${minutes} min` : "—";

/**
 * The player's responsible-gaming limits (ADR 021): each with its usage in the window and any
 * pending change, the history of changes, and (with protection.manage) a stricter limit set on the
 * player's behalf, which applies at once and is audited with its reason.
 */
export function LimitsTab({ playerId, canWrite }: { playerId: string; canWrite: boolean }) {
  const query = usePlayerLimits(playerId);
  const [open, setOpen] = useState(false);
  if (query.isPending) return <LoadingBlock label="Loading limits" />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const { limits, history, currencies } = query.data;
  return (
    <div className="space-y-6">
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">Limits in force</h2>
        {canWrite ? <Button onClick={() => setOpen(true)}>Set a stricter limit</Button> : null}
      </div>
      {limits.length === 0 ? (
        <EmptyState title="No limits set" />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table aria-label="Limits" className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">Limit</th>
                <th className="px-3 py-2">Period</th>
                <th className="px-3 py-2">Amount</th>
                <th className="px-3 py-2">Used</th>
                <th className="px-3 py-2">Left</th>
                <th className="px-3 py-2">Pending change</th>
              </tr>
            </thead>
            <tbody>
              {limits.map((limit) => (
                <tr key={limit.guid} className="border-b border-slate-100 last:border-0">
                  <td className="px-3 py-2 font-medium">{TYPE_LABELS[limit.limit_type]}</td>
                  <td className="px-3 py-2">{limit.period ? PERIOD_LABELS[limit.period] : "Per session"}</td>
                  <td className="px-3 py-2 tabular-nums">{value(limit)}</td>
                  <td className="px-3 py-2 tabular-nums">{limit.used ?? (limit.used_minutes !== null ? `${limit.used_minutes} min` : "—")}</td>
                  <td className="px-3 py-2 tabular-nums">{limit.remaining ?? "—"}</td>
                  <td className="px-3 py-2">
                    {limit.pending
                      ? `${limit.pending.removal ? "Removal" : `Increase to ${value(limit, limit.pending.amount, limit.pending.minutes)}`}, ${
                          limit.pending.confirmable ? "awaiting the player's confirmation" : `from ${formatDateTime(limit.pending.effective_at)}`
                        }`
                      : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section className="space-y-2">
        <h2 className="text-base font-semibold text-slate-900">History</h2>
        {history.length === 0 ? (
          <EmptyState title="No changes yet" />
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {history.map((change) => (
              <li key={change.guid} className="flex flex-wrap gap-x-3 px-3 py-2">
                <span className="whitespace-nowrap text-slate-500">{formatDateTime(change.created_at)}</span>
                <span className="font-medium">
                  {TYPE_LABELS[change.limit_type]}
                  {change.period ? ` · ${PERIOD_LABELS[change.period]}` : ""}
                  {change.currency_code ? ` · ${change.currency_code}` : ""}
                </span>
                <span>
                  {ACTION_LABELS[change.action]}
                  {change.old_amount ?? change.old_minutes ?? null ? ` from ${change.old_amount ?? `${change.old_minutes} min`}` : ""}
                  {change.new_amount ?? change.new_minutes ?? null ? ` to ${change.new_amount ?? `${change.new_minutes} min`}` : ""}
                </span>
                <span className="text-slate-500">by {change.actor}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {canWrite ? (
        <StricterLimitDialog playerId={playerId} open={open} onOpenChange={setOpen} currencies={currencies} />
      ) : null}
    </div>
  );
}

function StricterLimitDialog(props: {
  playerId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currencies: { guid: string; code: string }[];
}) {
  const [type, setType] = useState<LimitType>("deposit");
  const [period, setPeriod] = useState<LimitPeriod>("day");
  const [currencyGuid, setCurrencyGuid] = useState("");
  const [amount, setAmount] = useState("");
  const [reason, setReason] = useState("");
  const set = useSetPlayerLimit(props.playerId);
  const fields = set.isError ? fieldErrorsOf(set.error) : {};
  const failure = set.isError && !isHandled(set.error) && Object.keys(fields).length === 0 ? errorMessageOf(set.error) : undefined;
  const currency = currencyGuid || props.currencies[0]?.guid || "";
  const isSession = type === "session_time";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = isSession
      ? { limit_type: "session_time" as const, minutes: Number(amount), reason }
      : { limit_type: type, period, currency_guid: currency, amount: amount.trim(), reason };
    set.mutate(body, {
      onSuccess: () => {
        toast.success("The stricter limit applies now.");
        setAmount("");
        setReason("");
        props.onOpenChange(false);
      },
    });
  };

  return (
    <Dialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Set a stricter limit"
      description="A new limit, or one lower than the player's. It applies at once and is recorded in the audit log."
    >
      <form onSubmit={submit} className="space-y-3">
        <SelectField label="Limit" value={type} onChange={(e) => setType(e.target.value as LimitType)}>
          {LIMIT_TYPES.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        {isSession ? null : (
          <div className="grid grid-cols-2 gap-3">
            <SelectField label="Period" value={period} onChange={(e) => setPeriod(e.target.value as LimitPeriod)}>
              {LIMIT_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </SelectField>
            <SelectField label="Currency" value={currency} onChange={(e) => setCurrencyGuid(e.target.value)} error={fields.currency_guid}>
              {props.currencies.length === 0 ? <option value="">No wallet</option> : null}
              {props.currencies.map((c) => (
                <option key={c.guid} value={c.guid}>
                  {c.code}
                </option>
              ))}
            </SelectField>
          </div>
        )}
        <TextField
          label={isSession ? "Minutes per session" : "Amount"}
          inputMode={isSession ? "numeric" : "decimal"}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={isSession ? fields.minutes : fields.amount}
          required
        />
        <TextField label="Reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} error={fields.reason} required />
        {failure ? (
          <p role="alert" className="text-sm text-red-600">
            {failure}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => props.onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" busy={set.isPending}>
            Apply limit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
