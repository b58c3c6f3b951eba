import type { CashbackPayoutStatus, CashbackRunStatus } from "@croupier/contract/backoffice/cashback";

const TONES: Record<CashbackRunStatus | CashbackPayoutStatus, string> = {
  counting: "bg-sky-50 text-sky-800",
  paying: "bg-amber-50 text-amber-800",
  completed: "bg-emerald-50 text-emerald-800",
  pending: "bg-amber-50 text-amber-800",
  paid: "bg-emerald-50 text-emerald-800",
  skipped: "bg-slate-100 text-slate-700",
};
const LABELS: Record<CashbackRunStatus | CashbackPayoutStatus, string> = {
  counting: "Counting",
  paying: "Paying",
  completed: "Completed",
  pending: "Pending",
  paid: "Paid",
  skipped: "Not paid",
};

/** A run's or a payout's status as a small chip. */
export function RunStatusBadge({ status }: { status: CashbackRunStatus | CashbackPayoutStatus }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}>{LABELS[status]}</span>;
}
