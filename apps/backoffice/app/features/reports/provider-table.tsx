import type { ProviderReportRow } from "@croupier/contract/backoffice/reports";
import { cx } from "../../lib/cx";
import { formatFigure, isNegative, type Decimals } from "./format-report";

/** Stakes, wins, GGR, rounds and players per game provider and currency. */
export function ProviderTable({ rows, decimals }: { rows: ProviderReportRow[]; decimals: Decimals }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-label="Figures per game provider" className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {["Game provider", "Currency", "Stakes", "Wins", "GGR", "Rounds", "Players"].map((label, index) => (
              <th
                key={label}
                scope="col"
                className={cx(
                  "px-3 py-2 font-medium whitespace-nowrap text-slate-600",
                  index < 2 ? "text-left" : "text-right",
                )}
              >
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.provider}-${row.currency}`}>
              <th scope="row" className="px-3 py-1.5 text-left font-medium">
                {row.provider}
              </th>
              <td className="px-3 py-1.5">{row.currency}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">
                {formatFigure(row.stakes, decimals(row.currency))}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{formatFigure(row.wins, decimals(row.currency))}</td>
              <td className={cx("px-3 py-1.5 text-right tabular-nums", isNegative(row.ggr) && "text-red-700")}>
                {formatFigure(row.ggr, decimals(row.currency))}
              </td>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.rounds}</td>
              <td className="px-3 py-1.5 text-right tabular-nums">{row.players}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
