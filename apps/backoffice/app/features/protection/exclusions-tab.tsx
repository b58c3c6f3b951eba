import type { StaffExclusion } from "@croupier/contract/entities/exclusions";
import { useId, useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useApplyOperatorExclusion } from "./apply-operator-exclusion";
import { useEndOperatorExclusion } from "./end-operator-exclusion";
import { usePlayerExclusions } from "./list-player-exclusions";
import { usePlayerRealityCheck } from "./load-player-reality-check";
import { usePlayerWallets } from "./load-player-wallets";
import { usePayOutExcludedBalance } from "./pay-out-excluded-balance";
import { useRecordReturnRequest } from "./record-return-request";

const KIND_LABELS: Record<StaffExclusion["kind"], string> = {
  time_out: "Time-out (player)",
  self_exclusion: "Self-exclusion (player)",
  operator: "Operator exclusion",
};
const REASON_MAX = 500;

/**
 * The player's exclusions, current and past. Staff with protection.manage apply an operator
 * exclusion (until a date or further notice) and end one early; a player's own time-out or
 * self-exclusion runs to its end (ADR 020). Every change is audited by the server.
 */
export function ExclusionsTab({ playerId, canWrite }: { playerId: string; canWrite: boolean }) {
  const exclusions = usePlayerExclusions(playerId);
  const [ending, setEnding] = useState<StaffExclusion | null>(null);
  const [returning, setReturning] = useState<StaffExclusion | null>(null);
  if (exclusions.isPending) return <LoadingBlock label="Loading exclusions" />;
  if (exclusions.isError) return <ErrorState error={exclusions.error} onRetry={() => void exclusions.refetch()} />;
  return (
    <div className="space-y-6">
      <RealityCheckLine playerId={playerId} />
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          <ApplyExclusionForm playerId={playerId} />
          {exclusions.data.some((e) => e.active) ? <PayOutBalance playerId={playerId} /> : null}
        </div>
      ) : null}
      {exclusions.data.length === 0 ? (
        <EmptyState title="No exclusions">The player has never taken a break or been excluded.</EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" aria-label="Exclusions">
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">Kind</th>
                <th className="px-3 py-2">Period</th>
                <th className="px-3 py-2">From</th>
                <th className="px-3 py-2">Until</th>
                <th className="px-3 py-2">State</th>
                <th className="px-3 py-2">Reason</th>
                {canWrite ? (
                  <th className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {exclusions.data.map((e) => (
                <tr key={e.guid}>
                  <td className="px-3 py-2 whitespace-nowrap">{KIND_LABELS[e.kind]}</td>
                  <td className="px-3 py-2">{e.period ?? "—"}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(e.starts_at)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {e.ends_at ? formatDateTime(e.ends_at) : "Further notice"}
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {e.active ? (
                      <span className="rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700">In force</span>
                    ) : e.ended_at ? (
                      `Ended early ${formatDateTime(e.ended_at)}`
                    ) : e.holds_until_return ? (
                      <span className="rounded bg-amber-50 px-1.5 py-0.5 text-xs font-medium text-amber-800">
                        {e.return_requested_at
                          ? `Return asked ${formatDateTime(e.return_requested_at)}: reopens 24 h later`
                          : "Over: waits for a request to return"}
                      </span>
                    ) : (
                      "Over"
                    )}
                  </td>
                  <td className="max-w-xs px-3 py-2 whitespace-pre-wrap">{e.reason ?? "—"}</td>
                  {canWrite ? (
                    <td className="px-3 py-2 text-right">
                      {e.kind === "operator" && e.active ? (
                        <Button variant="secondary" onClick={() => setEnding(e)}>
                          End early
                        </Button>
                      ) : e.holds_until_return && !e.return_requested_at ? (
                        <Button variant="secondary" onClick={() => setReturning(e)}>
                          Player asked to return
                        </Button>
                      ) : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {ending ? <EndExclusionDialog playerId={playerId} exclusion={ending} onClose={() => setEnding(null)} /> : null}
      {returning ? (
        <ReturnRequestDialog playerId={playerId} exclusion={returning} onClose={() => setReturning(null)} />
      ) : null}
    </div>
  );
}

function ReasonField({
  value,
  onChange,
  error,
  label,
}: {
  value: string;
  onChange: (v: string) => void;
  error?: string;
  label: string;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <textarea
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={REASON_MAX}
        rows={3}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm focus:border-indigo-500 focus:outline-2 focus:outline-indigo-500/40 aria-[invalid=true]:border-red-500"
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function ApplyExclusionForm({ playerId }: { playerId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const apply = useApplyOperatorExclusion(playerId);
  const fields = apply.isError ? fieldErrorsOf(apply.error) : {};
  const error =
    apply.isError && !fields.reason && !fields.ends_at && !isHandled(apply.error)
      ? errorMessageOf(apply.error)
      : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3 || apply.isPending) return;
    apply.mutate(
      { reason: reason.trim(), ends_at: until ? new Date(until).toISOString() : null },
      {
        onSuccess: () => {
          toast.success("Operator exclusion applied. The player's sessions have ended.");
          setOpen(false);
          setReason("");
          setUntil("");
        },
      },
    );
  };

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Apply operator exclusion
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !apply.isPending && setOpen(next)}
        title="Apply an operator exclusion"
        description="The player is logged out everywhere at once and cannot log in, play or deposit until it ends. It can only extend an exclusion in force."
      >
        <form onSubmit={submit} className="space-y-4">
          <ReasonField
            label="Reason (kept in the audit log)"
            value={reason}
            onChange={setReason}
            error={fields.reason}
          />
          <TextField
            label="Until"
            type="datetime-local"
            value={until}
            onChange={(event) => setUntil(event.target.value)}
            hint="Leave empty for until further notice."
            error={fields.ends_at}
          />
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={apply.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={apply.isPending} disabled={reason.trim().length < 3}>
              Exclude the player
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

function EndExclusionDialog({
  playerId,
  exclusion,
  onClose,
}: {
  playerId: string;
  exclusion: StaffExclusion;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const end = useEndOperatorExclusion(playerId);
  const fields = end.isError ? fieldErrorsOf(end.error) : {};
  const error = end.isError && !fields.reason && !isHandled(end.error) ? errorMessageOf(end.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3 || end.isPending) return;
    end.mutate(
      { exclusionId: exclusion.guid, reason: reason.trim() },
      {
        onSuccess: () => {
          toast.success("Operator exclusion ended. The player may log in again.");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !end.isPending && onClose()}
      title="End the operator exclusion early"
      description={`Applied ${formatDateTime(exclusion.starts_at)}: ${exclusion.reason ?? ""}`}
    >
      <form onSubmit={submit} className="space-y-4">
        <ReasonField
          label="Why it ends now (kept in the audit log)"
          value={reason}
          onChange={setReason}
          error={fields.reason}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={end.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={end.isPending} disabled={reason.trim().length < 3}>
            End exclusion
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * An excluded player cannot log in to withdraw (ADR 020): support pays a wallet's whole cash out to
 * the player's most recently saved card, as an ordinary withdrawal (review rule, PSP).
 */
function PayOutBalance({ playerId }: { playerId: string }) {
  const [open, setOpen] = useState(false);
  const wallets = usePlayerWallets(playerId);
  const withCash = (wallets.data ?? []).filter((w) => Number(w.cash) > 0);
  const [walletId, setWalletId] = useState("");
  const chosen = withCash.find((w) => w.id === walletId) ?? withCash[0];
  const payOut = usePayOutExcludedBalance(playerId);
  const error = payOut.isError && !isHandled(payOut.error) ? errorMessageOf(payOut.error) : undefined;
  const selectId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen || payOut.isPending) return;
    payOut.mutate(chosen.id, {
      onSuccess: (result) => {
        toast.success(`Withdrawal of ${result.amount} ${result.currency} requested to the player's card.`);
        setOpen(false);
      },
    });
  };

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Pay out remaining balance
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => !payOut.isPending && setOpen(next)}
        title="Pay out the remaining balance"
        description="The wallet's whole cash balance is withdrawn to the player's most recently saved card. Bonus money is not paid out."
      >
        <form onSubmit={submit} className="space-y-4">
          {withCash.length === 0 ? (
            <p className="text-sm text-slate-600">
              {wallets.isPending
                ? "Loading wallets…"
                : wallets.isError
                  ? "The wallets could not be loaded."
                  : "No wallet holds cash."}
            </p>
          ) : (
            <div className="space-y-1">
              <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
                Wallet
              </label>
              <select
                id={selectId}
                value={chosen?.id ?? ""}
                onChange={(event) => setWalletId(event.target.value)}
                className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm"
              >
                {withCash.map((w) => (
                  <option key={w.id} value={w.id}>
                    {w.currency}: {w.cash} cash
                  </option>
                ))}
              </select>
            </div>
          )}
          {error ? (
            <p role="alert" className="text-sm text-red-600">
              {error}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={payOut.isPending}>
              Cancel
            </Button>
            <Button type="submit" busy={payOut.isPending} disabled={!chosen}>
              Pay out {chosen ? `${chosen.cash} ${chosen.currency}` : ""}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}

/** The player's reality-check interval (ADR 022), read only: the player chooses it. */
function RealityCheckLine({ playerId }: { playerId: string }) {
  const setting = usePlayerRealityCheck(playerId);
  if (!setting.data) return null;
  const { interval_minutes: minutes, is_default: isDefault, acknowledged_at: answered } = setting.data;
  return (
    <p className="text-sm text-slate-600" data-testid="reality-check-line">
      Reality check: {minutes === 0 ? "off" : `every ${minutes} minutes`}
      {isDefault ? " (jurisdiction default)" : " (player's choice)"}
      {answered ? `; last answered ${formatDateTime(answered)}` : ""}.
    </p>
  );
}

/**
 * gb (ADR 020): an ended self-exclusion holds until the player asks to return; support records the
 * request here and login reopens 24 hours later.
 */
function ReturnRequestDialog({
  playerId,
  exclusion,
  onClose,
}: {
  playerId: string;
  exclusion: StaffExclusion;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const record = useRecordReturnRequest(playerId);
  const fields = record.isError ? fieldErrorsOf(record.error) : {};
  const error = record.isError && !fields.note && !isHandled(record.error) ? errorMessageOf(record.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (note.trim().length < 3 || record.isPending) return;
    record.mutate(
      { exclusionId: exclusion.guid, note: note.trim() },
      {
        onSuccess: () => {
          toast.success("Request recorded. The player can log in again in 24 hours.");
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !record.isPending && onClose()}
      title="Record the player's request to return"
      description={`The self-exclusion ended ${exclusion.ends_at ? formatDateTime(exclusion.ends_at) : ""}. Login reopens 24 hours after this request.`}
    >
      <form onSubmit={submit} className="space-y-4">
        <ReasonField
          label="How the player asked (kept in the audit log)"
          value={note}
          onChange={setNote}
          error={fields.note}
        />
        {error ? (
          <p role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose} disabled={record.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={record.isPending} disabled={note.trim().length < 3}>
            Record request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
