import type { ReportTotalsRow } from "@croupier/contract/backoffice/reports";
import { cx } from "../../lib/cx";
import { formatFigure, isNegative, type Decimals } from "./format-report";

const MONEY: {
  key: keyof ReportTotalsRow &
    ("deposits" | "withdrawals" | "stakes" | "wins" | "ggr" | "bonus_cost" | "ngr" | "adjustments");
  label: string;
  hint: string;
}[] = [
  { key: "ggr", label: "GGR", hint: "Stakes − wins" },
  { key: "ngr", label: "NGR", hint: "GGR − bonus cost" },
  { key: "deposits", label: "Deposits", hint: "Settled" },
  { key: "withdrawals", label: "Withdrawals", hint: "Paid out" },
  { key: "stakes", label: "Stakes", hint: "Less rollbacks" },
  { key: "wins", label: "Wins", hint: "Paid by game providers" },
  { key: "bonus_cost", label: "Bonus cost", hint: "Grants and free-spin wins, less forfeits" },
  { key: "adjustments", label: "Adjustments", hint: "Staff credits less debits (not in NGR)" },
];

/** The window's totals of one currency as cards. */
export function KpiCards({ totals, decimals }: { totals: ReportTotalsRow; decimals: Decimals }) {
  const d = decimals(totals.currency);
  return (
    <section aria-label={`Totals in ${totals.currency}`} className="space-y-2">
      <h2 className="text-sm font-semibold text-slate-700">{totals.currency}</h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-5 2xl:grid-cols-10">
        {MONEY.map(({ key, label, hint }) => (
          <div key={key} className="rounded-lg border border-slate-200 bg-white p-3">
            <dt className="text-xs text-slate-500" title={hint}>
              {label}
            </dt>
            <dd
              className={cx(
                "mt-1 text-lg font-semibold tabular-nums",
                isNegative(totals[key]) ? "text-red-700" : "text-slate-900",
              )}
            >
              {formatFigure(totals[key], d)}
            </dd>
          </div>
        ))}
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-500">Active players</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{totals.active_players}</dd>
        </div>
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-500">First-time depositors</dt>
          <dd className="mt-1 text-lg font-semibold tabular-nums">{totals.first_time_depositors}</dd>
        </div>
      </dl>
    </section>
  );
}
