import type { WithdrawalDetail } from "@croupier/contract/backoffice/money-review";
import { Dialog as RadixDialog } from "radix-ui";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { useDecideWithdrawal } from "./decide-withdrawal";
import { useWithdrawal } from "./load-withdrawal";
import { baseMoney, money } from "./money-format";
import { ReasonDialog } from "./reason-dialog";
import { RiskBadges } from "./risk-badges";

const REVIEW_LABELS: Record<WithdrawalDetail["review_status"], string> = {
  in_review: "In review",
  approved: "Approved",
  auto_approved: "Auto-approved",
  declined: "Declined",
};

/** The withdrawal's detail as a side panel (Radix dialog: focus trapped, Escape closes), with the decisions. */
export function WithdrawalDrawer({
  id,
  canDecide,
  onClose,
}: {
  id: string | null;
  canDecide: boolean;
  onClose: () => void;
}) {
  return (
    <RadixDialog.Root open={Boolean(id)} onOpenChange={(open) => (open ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-30 bg-slate-900/30" />
        <RadixDialog.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-30 w-[min(36rem,100vw)] overflow-y-auto bg-white p-6 shadow-xl focus:outline-none"
        >
          <RadixDialog.Title className="text-lg font-semibold text-slate-900">Withdrawal</RadixDialog.Title>
          <RadixDialog.Close
            className="absolute top-3 right-3 rounded p-1 text-slate-500 hover:bg-slate-100"
            aria-label="Close"
          >
            ✕
          </RadixDialog.Close>
          {id ? <DrawerBody id={id} canDecide={canDecide} /> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

function DrawerBody({ id, canDecide }: { id: string; canDecide: boolean }) {
  const detail = useWithdrawal(id);
  if (detail.isPending)
    return (
      <div className="mt-4">
        <LoadingBlock lines={10} label="Loading the withdrawal" />
      </div>
    );
  if (detail.isError)
    return (
      <div className="mt-4">
        <ErrorState error={detail.error} onRetry={() => void detail.refetch()} />
      </div>
    );
  const w = detail.data;
  const amount = money(w.amount, w.currency_code, w.currency_decimals);
  return (
    <div className="mt-4 space-y-6 text-sm">
      <div>
        <p className="text-2xl font-semibold text-slate-900">{amount}</p>
        <p className="text-slate-500">
          {w.currency_code === "USD" ? null : <>{baseMoney(w.base_amount)} · </>}
          {REVIEW_LABELS[w.review_status]} · player sees “{w.status}”
        </p>
      </div>
      {canDecide && w.review_status === "in_review" ? <DecisionButtons withdrawal={w} amount={amount} /> : null}
      <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2">
        <dt className="text-slate-500">Player</dt>
        <dd>
          <Link to={`/players/${w.player_guid}`} className="text-indigo-700 hover:underline">
            {w.player_email}
          </Link>
        </dd>
        <dt className="text-slate-500">Method</dt>
        <dd>{w.method}</dd>
        <dt className="text-slate-500">Destination</dt>
        <dd className="font-mono break-all">{w.destination ?? "—"}</dd>
        <dt className="text-slate-500">Requested</dt>
        <dd>{formatDateTime(w.created_at)}</dd>
        <dt className="text-slate-500">Decided</dt>
        <dd>{w.reviewed_at ? `${formatDateTime(w.reviewed_at)} by ${w.reviewed_by_email ?? "—"}` : "—"}</dd>
        <dt className="text-slate-500">Cash now</dt>
        <dd>{money(w.cash_balance, w.currency_code, w.currency_decimals)}</dd>
        <dt className="text-slate-500">Bonus money now</dt>
        <dd>{money(w.bonus_balance, w.currency_code, w.currency_decimals)}</dd>
      </dl>
      <section aria-labelledby="risk-heading" className="space-y-2">
        <h3 id="risk-heading" className="font-semibold text-slate-900">
          Risk signals
        </h3>
        <RiskBadges risk={w.risk} />
        <dl className="grid grid-cols-[10rem_1fr] gap-x-4 gap-y-2">
          <dt className="text-slate-500">Verified</dt>
          <dd>{w.risk.is_verified ? "Yes" : "No"}</dd>
          <dt className="text-slate-500">Deposited (lifetime)</dt>
          <dd>{money(w.risk.deposits_total, w.currency_code, w.currency_decimals)}</dd>
          <dt className="text-slate-500">Withdrawn (lifetime)</dt>
          <dd>{money(w.risk.withdrawals_total, w.currency_code, w.currency_decimals)}</dd>
          <dt className="text-slate-500">Password changed</dt>
          <dd>{w.risk.password_changed_at ? formatDateTime(w.risk.password_changed_at) : "Not recently"}</dd>
          <dt className="text-slate-500">Email changed</dt>
          <dd>{w.risk.email_changed_at ? formatDateTime(w.risk.email_changed_at) : "Not recently"}</dd>
          <dt className="text-slate-500">Same card/address</dt>
          <dd>
            {w.risk.shared_destination_players === 0
              ? "No other player"
              : `${w.risk.shared_destination_players} other player(s)`}
          </dd>
          <dt className="text-slate-500">Last 30 days</dt>
          <dd>
            staked {money(w.risk.stakes_30d, w.currency_code, w.currency_decimals)}, won{" "}
            {money(w.risk.wins_30d, w.currency_code, w.currency_decimals)}
            {w.risk.return_percent_30d ? ` (${w.risk.return_percent_30d} %)` : ""}
          </dd>
        </dl>
      </section>
      <section aria-labelledby="history-heading" className="space-y-2">
        <h3 id="history-heading" className="font-semibold text-slate-900">
          History
        </h3>
        <ol className="space-y-1">
          {w.logs.map((log, index) => (
            <li key={index} className="flex flex-wrap gap-x-2">
              <span className="whitespace-nowrap text-slate-500">{formatDateTime(log.changed_at)}</span>
              <span className="font-medium">{log.event_type}</span>
              <span className="text-slate-500">by {log.executor}</span>
              {log.reason ? <span>— {log.reason}</span> : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

function DecisionButtons({ withdrawal, amount }: { withdrawal: WithdrawalDetail; amount: string }) {
  const [dialog, setDialog] = useState<"approve" | "decline" | null>(null);
  const decide = useDecideWithdrawal();
  const close = () => {
    setDialog(null);
    decide.reset();
  };
  // mutateAsync, not mutate's per-call callbacks: the decision's invalidation refetches the queue, which
  // can unmount this drawer before those callbacks run, and then the toast never showed (a CI run missed it).
  const fail = (error: unknown) => {
    if (!isHandled(error) && !fieldErrorsOf(error).reason) toast.error(errorMessageOf(error));
    if (!fieldErrorsOf(error).reason) setDialog(null);
  };
  return (
    <div className="flex flex-wrap gap-2">
      <Button onClick={() => setDialog("approve")}>Approve…</Button>
      <Button variant="danger" onClick={() => setDialog("decline")}>
        Decline…
      </Button>
      <Dialog
        open={dialog === "approve"}
        onOpenChange={(open) => (open ? setDialog("approve") : close())}
        title={`Approve ${amount}?`}
        description={`The payout goes to ${withdrawal.destination ?? "the player's destination"} through the payment provider. This cannot be undone here.`}
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            busy={decide.isPending}
            onClick={() =>
              decide.mutateAsync({ id: withdrawal.id, action: "approve" }).then(() => {
                toast.success(`Withdrawal of ${amount} approved; the payout is on its way.`);
                close();
              }, fail)
            }
          >
            Approve and pay out
          </Button>
        </div>
      </Dialog>
      <ReasonDialog
        open={dialog === "decline"}
        onOpenChange={(open) => (open ? setDialog("decline") : close())}
        title={`Decline ${amount}?`}
        description="The reserved money goes back to the player's cash at once, and the player receives this reason by email."
        confirm="Decline and return the money"
        busy={decide.isPending}
        error={decide.isError ? fieldErrorsOf(decide.error).reason : undefined}
        onConfirm={(reason) =>
          decide.mutateAsync({ id: withdrawal.id, action: "decline", reason }).then(() => {
            toast.success(`Withdrawal of ${amount} declined; the money is back with the player.`);
            close();
          }, fail)
        }
      />
    </div>
  );
}
