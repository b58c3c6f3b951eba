import type { DailyReportRow } from "@croupier/contract/backoffice/reports";
import { cx } from "../../lib/cx";
import { formatFigure, isNegative, type Decimals } from "./format-report";

const MONEY = ["deposits", "withdrawals", "stakes", "wins", "ggr", "bonus_cost", "ngr", "adjustments"] as const;
const LABELS: Record<(typeof MONEY)[number], string> = {
  deposits: "Deposits",
  withdrawals: "Withdrawals",
  stakes: "Stakes",
  wins: "Wins",
  ggr: "GGR",
  bonus_cost: "Bonus cost",
  ngr: "NGR",
  adjustments: "Adjustments",
};

/** One row per day (of the report's zone) and currency, newest day first. */
export function DailyTable({ days, decimals }: { days: DailyReportRow[]; decimals: Decimals }) {
  const rows = [...days].reverse();
  return (
    // Focusable so a keyboard can scroll the wide table sideways (WCAG 2.1.1).
    <div
      tabIndex={0}
      role="region"
      aria-label="Daily figures, scrolls sideways"
      className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <table aria-label="Daily figures" className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600">
              Day
            </th>
            <th scope="col" className="px-3 py-2 text-left font-medium text-slate-600">
              Currency
            </th>
            {MONEY.map((key) => (
              <th key={key} scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap text-slate-600">
                {LABELS[key]}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap text-slate-600">
              Active players
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium whitespace-nowrap text-slate-600">
              First deposits
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.date}-${row.currency}`}>
              <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap tabular-nums">
                {row.date}
              </th>
              <td className="px-3 py-1.5">{row.currency}</td>
              {MONEY.map((key) => (
                <td
                  key={key}
                  className={cx("px-3 py-1.5 text-right tabular-nums", isNegative(row[key]) && "text-red-700")}
                >
                  {formatFigure(row[key], decimals(row.currency))}
                </td>
              ))}
              <td className="px-3 py-1.5 text-right tabular-nums">{row.active_players}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.first_time_depositors}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
