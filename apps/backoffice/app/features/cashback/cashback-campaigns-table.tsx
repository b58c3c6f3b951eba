import { Link } from "react-router";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { ClosePeriodButton } from "./close-period-dialog";
import { useCashbackCampaigns } from "./list-cashback-campaigns";
import { RunStatusBadge } from "./run-status-badge";

const PERIOD_LABELS = { daily: "Daily (UTC day)", weekly: "Weekly (Monday to Monday, UTC)" } as const;

/** Cashback campaigns with their running period, the way to their runs and "close now". */
export function CashbackCampaignsTable() {
  const campaigns = useCashbackCampaigns();
  if (campaigns.isPending) return <LoadingBlock label="Loading cashback campaigns" />;
  if (campaigns.isError) return <ErrorState error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  if (campaigns.data.length === 0)
    return (
      <EmptyState title="No cashback campaigns yet">
        Create a bonus campaign of type cashback (trigger scheduled) under Bonus campaigns.
      </EmptyState>
    );
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Cashback campaigns</caption>
        <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">Campaign</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Period</th>
            <th scope="col" className="px-3 py-2">Running period</th>
            <th scope="col" className="px-3 py-2">Runs</th>
            <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {campaigns.data.map((c) => (
            <tr key={c.bonus_guid}>
              <td className="px-3 py-2 font-medium">
                <Link to={`/cashback/${c.bonus_guid}`} className="text-sky-700 underline-offset-2 hover:underline">
                  {c.bonus_name}
                </Link>
              </td>
              <td className="px-3 py-2 capitalize">{c.status}</td>
              <td className="px-3 py-2">{PERIOD_LABELS[c.cashback_period]}</td>
              <td className="px-3 py-2 text-xs whitespace-nowrap">
                {formatDateTime(c.current_period_start)}
                <br />→ {formatDateTime(c.current_period_end)}
              </td>
              <td className="px-3 py-2">
                {c.runs_count} {c.last_run_status ? <RunStatusBadge status={c.last_run_status} /> : null}
              </td>
              <td className="px-3 py-2 text-right">
                <ClosePeriodButton campaign={c} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
