import type { CashbackPayoutRow } from "@croupier/contract/backoffice/cashback";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { Link } from "react-router";
import { DataGrid } from "../../components/data-grid/data-grid";
import { SelectField } from "../../components/field";
import { cashbackPayoutsQueryOptions, type CashbackPayoutFilters } from "./list-cashback-payouts";
import { RunStatusBadge } from "./run-status-badge";

const columns: ColumnDef<CashbackPayoutRow, unknown>[] = [
  {
    id: "player",
    header: "Player",
    accessorFn: (p) => p.email ?? p.customer_guid,
    cell: ({ row: { original: p } }) => (
      <Link to={`/players/${p.customer_guid}`} className="text-sky-700 underline-offset-2 hover:underline">
        {p.email ?? p.customer_guid}
      </Link>
    ),
  },
  { id: "currency", header: "Currency", accessorFn: (p) => p.currency },
  { id: "staked", header: "Cash staked", accessorFn: (p) => p.staked },
  { id: "returned", header: "Won and refunded", accessorFn: (p) => p.returned },
  { id: "net_loss", header: "Net loss", accessorFn: (p) => p.net_loss },
  { id: "amount", header: "Cashback", accessorFn: (p) => p.amount ?? "—" },
  { id: "status", header: "Status", accessorFn: (p) => p.status, cell: ({ row: { original: p } }) => <RunStatusBadge status={p.status} /> },
  { id: "reason", header: "Why not paid", accessorFn: (p) => p.reason ?? "" },
];

/** One run's payouts with a status filter, largest loss first. */
export function CashbackPayoutsGrid({ runGuid }: { runGuid: string }) {
  const [status, setStatus] = useState<CashbackPayoutFilters["status"]>("");
  return (
    <div className="space-y-4">
      <SelectField
        label="Status"
        value={status}
        onChange={(e) => setStatus(e.target.value as CashbackPayoutFilters["status"])}
        className="w-48"
      >
        <option value="">All</option>
        <option value="paid">Paid</option>
        <option value="skipped">Not paid</option>
        <option value="pending">Pending</option>
      </SelectField>
      <DataGrid
        label="Cashback payouts"
        columns={columns}
        queryOptions={cashbackPayoutsQueryOptions}
        filters={{ runGuid, status }}
        getRowId={(p) => p.wallet_guid}
        pageSize={50}
        emptyTitle="No payouts"
        emptyMessage="Nobody played with cash in this period, or none match the filter."
      />
    </div>
  );
}
