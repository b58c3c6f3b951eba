import type { CashbackRunRow } from "@croupier/contract/backoffice/cashback";
import type { ColumnDef } from "@tanstack/react-table";
import { useNavigate } from "react-router";
import { DataGrid } from "../../components/data-grid/data-grid";
import { formatDateTime } from "../../lib/format-date-time";
import { cashbackRunsQueryOptions } from "./list-cashback-runs";
import { RunStatusBadge } from "./run-status-badge";

const columns: ColumnDef<CashbackRunRow, unknown>[] = [
  {
    id: "period",
    header: "Period",
    accessorFn: (r) => r.period_start,
    cell: ({ row: { original: r } }) => (
      <span className="text-xs whitespace-nowrap">
        {formatDateTime(r.period_start)}
        <br />→ {formatDateTime(r.period_end)}
      </span>
    ),
  },
  { id: "closed_by", header: "Closed by", accessorFn: (r) => (r.closed_by === "staff" ? "Staff (close now)" : "Schedule") },
  { id: "status", header: "Status", accessorFn: (r) => r.status, cell: ({ row: { original: r } }) => <RunStatusBadge status={r.status} /> },
  { id: "wallets", header: "Players who played", accessorFn: (r) => r.wallets_count },
  { id: "paid", header: "Paid", accessorFn: (r) => r.paid_count },
  { id: "skipped", header: "Not paid", accessorFn: (r) => r.skipped_count },
  {
    id: "totals",
    header: "Total paid",
    accessorFn: (r) => r.totals.map((t) => `${t.amount} ${t.currency}`).join(", ") || "—",
  },
];

/** A campaign's runs, newest period first; a row opens its payouts. */
export function CashbackRunsGrid({ bonusGuid }: { bonusGuid: string }) {
  const navigate = useNavigate();
  return (
    <DataGrid
      label="Cashback runs"
      columns={columns}
      queryOptions={cashbackRunsQueryOptions}
      filters={{ bonusGuid }}
      getRowId={(r) => r.guid}
      onRowClick={(r) => navigate(`/cashback/runs/${r.guid}`)}
      pageSize={25}
      emptyTitle="No period closed yet"
      emptyMessage="A run appears when the period ends, or when you close it now."
    />
  );
}
