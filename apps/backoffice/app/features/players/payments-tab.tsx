import type { PlayerPayment } from "@croupier/contract/backoffice/players";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataGrid } from "../../components/data-grid/data-grid";
import { formatDateTime, formatMoney } from "./format";
import { playerPaymentsQueryOptions } from "./list-player-payments";

const columns: ColumnDef<PlayerPayment, string>[] = [
  {
    accessorKey: "created_at",
    header: "Created",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
  { accessorKey: "type", header: "Type" },
  { accessorKey: "status", header: "Status" },
  {
    id: "amount",
    header: "Amount",
    accessorFn: (row) => row.amount,
    cell: ({ row: { original: p } }) => (
      <span className="tabular-nums">{formatMoney(p.amount, p.decimals, p.currency)}</span>
    ),
  },
  {
    id: "method",
    header: "Method",
    accessorFn: (row) => [row.payment_system, row.method, row.card ?? row.external_account].filter(Boolean).join(" · "),
  },
  { id: "number", header: "No.", accessorFn: (row) => `${row.number_id}${row.is_test ? " (test)" : ""}` },
];

/** Deposits and withdrawals. */
export function PaymentsTab({ playerId }: { playerId: string }) {
  const filters = useMemo(() => ({ playerId }), [playerId]);
  return (
    <DataGrid
      label="Payments"
      columns={columns}
      queryOptions={playerPaymentsQueryOptions}
      filters={filters}
      getRowId={(row) => row.id}
      emptyTitle="No deposits or withdrawals"
    />
  );
}
