import type { DashboardDay } from "@croupier/contract/entities/account";
import { formatAmount, fractionDigits } from "@croupier/contract/money";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// Loaded only in the browser, after the page has hydrated (dashboard-view.tsx): recharts measures the
// DOM and is a large chunk no other page needs.

/** The running net deposits and net loss of one currency, one point a day. */
export default function NetPositionChart({ days, currency }: { days: DashboardDay[]; currency: string }) {
  // A plotted value only: the figures shown as text stay decimal strings.
  const points = days.map((day) => ({
    date: day.date.slice(5),
    "Net deposits": Number(day.net_deposits),
    "Net loss": Number(day.net_loss),
  }));
  const money = (value: unknown) => `${formatAmount(String(value), fractionDigits(String(value)))} ${currency}`;
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* The wrapping figure is the accessible image (its label carries the figures): no keyboard layer inside it. */}
      <LineChart data={points} margin={{ top: 8, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="#2a2f3d" />
        <XAxis dataKey="date" fontSize={12} stroke="#8b93a7" minTickGap={16} />
        <YAxis fontSize={12} stroke="#8b93a7" width={64} />
        <Tooltip formatter={money} contentStyle={{ background: "#151923", border: "1px solid #2a2f3d" }} />
        <Legend />
        <Line
          type="monotone"
          dataKey="Net deposits"
          stroke="#f5c542"
          dot={false}
          strokeWidth={2}
          isAnimationActive={false}
        />
        <Line
          type="monotone"
          dataKey="Net loss"
          stroke="#f87171"
          dot={false}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
