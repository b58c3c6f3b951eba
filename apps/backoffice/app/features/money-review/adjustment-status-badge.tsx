import type { AdjustmentStatus } from "@croupier/contract/backoffice/money-review";
import { cx } from "../../lib/cx";

const STYLES: Record<AdjustmentStatus, string> = {
  pending: "bg-amber-100 text-amber-900",
  applied: "bg-emerald-100 text-emerald-900",
  rejected: "bg-slate-200 text-slate-700",
};

export function AdjustmentStatusBadge({ status }: { status: AdjustmentStatus }) {
  return <span className={cx("rounded-full px-2 py-0.5 text-xs font-medium", STYLES[status])}>{status}</span>;
}
