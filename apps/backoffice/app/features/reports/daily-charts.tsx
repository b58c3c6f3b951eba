import type { DailyReportRow } from "@croupier/contract/backoffice/reports";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatFigure, plotValue } from "./format-report";

/** GGR and NGR per day, and deposits against withdrawals, for one currency. */
export function DailyCharts({
  days,
  currency,
  decimals,
}: {
  days: DailyReportRow[];
  currency: string;
  decimals: number;
}) {
  const points = days
    .filter((d) => d.currency === currency)
    .map((d) => ({
      date: d.date.slice(5),
      GGR: plotValue(d.ggr),
      NGR: plotValue(d.ngr),
      Deposits: plotValue(d.deposits),
      Withdrawals: plotValue(d.withdrawals),
    }));
  const money = (value: unknown) => formatFigure(String(value), decimals);
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <figure className="rounded-lg border border-slate-200 bg-white p-3">
        <figcaption className="mb-2 text-sm font-semibold text-slate-700">GGR and NGR per day ({currency})</figcaption>
        <div
          className="h-64"
          role="img"
          aria-label={`Line chart of GGR and NGR per day in ${currency}; the daily table below has the same figures.`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" fontSize={12} />
              <YAxis fontSize={12} width={72} />
              <Tooltip formatter={money} />
              <Legend />
              <Line type="monotone" dataKey="GGR" stroke="#4f46e5" dot={false} strokeWidth={2} />
              <Line type="monotone" dataKey="NGR" stroke="#059669" dot={false} strokeWidth={2} />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="rounded-lg border border-slate-200 bg-white p-3">
        <figcaption className="mb-2 text-sm font-semibold text-slate-700">
          Deposits and withdrawals per day ({currency})
        </figcaption>
        <div
          className="h-64"
          role="img"
          aria-label={`Bar chart of deposits and withdrawals per day in ${currency}; the daily table below has the same figures.`}
        >
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="date" fontSize={12} />
              <YAxis fontSize={12} width={72} />
              <Tooltip formatter={money} />
              <Legend />
              <Bar dataKey="Deposits" fill="#0ea5e9" />
              <Bar dataKey="Withdrawals" fill="#f59e0b" />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
