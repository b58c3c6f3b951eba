import type { CampaignDetail } from "@croupier/contract/backoffice/bonuses";
import { formatAmount, isDecimal } from "@croupier/contract/money";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

const STATUS_ORDER = ["offered", "active", "completed", "expired", "cancelled", "lost"] as const;
const STATUS_LABELS: Record<(typeof STATUS_ORDER)[number], string> = {
  offered: "Offered",
  active: "Active",
  completed: "Completed",
  expired: "Expired",
  cancelled: "Cancelled",
  lost: "Lost",
};

// Campaign money is read by staff, not paid: two decimals are enough to compare currencies at a glance.
const money = (value: string) => (isDecimal(value) ? formatAmount(value, 2) : value);

/** Customer bonuses of the campaign by status (figures and a bar chart) and its money per currency. */
export function CampaignStats({ campaign }: { campaign: CampaignDetail }) {
  const points = STATUS_ORDER.map((status) => ({ status: STATUS_LABELS[status], count: campaign.counts[status] }));
  return (
    <div className="space-y-4">
      <div className="grid gap-4 xl:grid-cols-2">
        <section aria-labelledby="campaign-counts" className="rounded-lg border border-slate-200 bg-white p-3">
          <h3 id="campaign-counts" className="mb-2 text-sm font-semibold text-slate-700">
            Customer bonuses ({campaign.counts.total} in all)
          </h3>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            {STATUS_ORDER.map((status) => (
              <div key={status} className="rounded bg-slate-50 px-2 py-1">
                <dt className="text-xs text-slate-500">{STATUS_LABELS[status]}</dt>
                <dd className="font-semibold tabular-nums">{campaign.counts[status]}</dd>
              </div>
            ))}
          </dl>
        </section>
        <figure className="rounded-lg border border-slate-200 bg-white p-3">
          <figcaption className="mb-2 text-sm font-semibold text-slate-700">By status</figcaption>
          <div
            className="h-40"
            role="img"
            aria-label="Bar chart of the campaign's customer bonuses by status; the figures beside it are the same."
          >
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={points} margin={{ top: 4, right: 8, bottom: 0, left: 0 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="status" fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} width={40} />
                <Tooltip />
                <Bar dataKey="count" name="Bonuses" fill="#4f46e5" />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </figure>
      </div>
      {campaign.money.length === 0 ? (
        <p className="text-sm text-slate-500">No bonus money has moved for this campaign yet.</p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full text-sm" aria-label="Bonus money by currency">
            <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">Currency</th>
                <th className="px-3 py-2 text-right">Granted</th>
                <th className="px-3 py-2 text-right">Free-spin winnings</th>
                <th className="px-3 py-2 text-right">Converted to cash</th>
                <th className="px-3 py-2 text-right">Forfeited</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {campaign.money.map((row) => (
                <tr key={row.currency}>
                  <td className="px-3 py-2">{row.currency}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.granted)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.free_spin_winnings)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.converted)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(row.forfeited)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
