import type { Adjustment, AdjustmentStatus } from "@croupier/contract/backoffice/money-review";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { DataGrid } from "../components/data-grid/data-grid";
import { SelectField } from "../components/field";
import { PageHeader } from "../components/page-header";
import { AdjustmentDecisionButtons } from "../features/money-review/adjustment-decision-buttons";
import { AdjustmentStatusBadge } from "../features/money-review/adjustment-status-badge";
import { adjustmentsQueryOptions } from "../features/money-review/list-adjustments";
import { baseMoney, money } from "../features/money-review/money-format";
import { formatDateTime } from "../lib/format-date-time";
import { useMe } from "../lib/me";
import { can } from "../lib/permissions";

const STATUSES: { value: AdjustmentStatus | ""; label: string }[] = [
  { value: "pending", label: "Waiting for approval (oldest first)" },
  { value: "applied", label: "Applied" },
  { value: "rejected", label: "Rejected" },
  { value: "", label: "All" },
];

function columnsFor(decider: { id: string } | null): ColumnDef<Adjustment, string>[] {
  const columns: ColumnDef<Adjustment, string>[] = [
    {
      id: "created_at",
      header: "Asked",
      accessorFn: (row) => row.created_at,
      cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
    },
    {
      id: "player",
      header: "Player",
      accessorFn: (row) => row.player_email,
      cell: ({ row }) => (
        <Link to={`/players/${row.original.player_guid}`} className="text-indigo-700 hover:underline">
          {row.original.player_email}
        </Link>
      ),
    },
    {
      id: "amount",
      header: "Amount",
      accessorFn: (row) =>
        `${row.direction === "debit" ? "−" : "+"}${money(row.amount, row.currency_code, row.currency_decimals)}`,
      cell: ({ row, getValue }) => (
        <span className="whitespace-nowrap">
          <span className="font-medium">{getValue()}</span>{" "}
          <span className="text-slate-500">{row.original.pocket}</span>
          {row.original.currency_code === "USD" ? null : (
            <span className="block text-xs text-slate-500">{baseMoney(row.original.base_amount)}</span>
          )}
        </span>
      ),
    },
    {
      accessorKey: "reason",
      header: "Reason",
      cell: (c) => <span className="line-clamp-2 max-w-xs">{c.getValue()}</span>,
    },
    { accessorKey: "requested_by_email", header: "Asked by" },
    {
      id: "status",
      header: "Status",
      accessorFn: (row) => row.status,
      cell: ({ row }) => (
        <span className="space-y-1">
          <AdjustmentStatusBadge status={row.original.status} />
          {row.original.decided_by_email ? (
            <span className="block text-xs text-slate-500">by {row.original.decided_by_email}</span>
          ) : null}
          {row.original.decision_reason ? (
            <span className="block text-xs text-slate-500">“{row.original.decision_reason}”</span>
          ) : null}
        </span>
      ),
    },
  ];
  if (!decider) return columns;
  return [
    ...columns,
    {
      id: "decide",
      header: "Decide",
      accessorFn: (row) => row.id,
      cell: ({ row }) =>
        row.original.status === "pending" ? (
          <AdjustmentDecisionButtons adjustment={row.original} myId={decider.id} />
        ) : null,
    },
  ];
}

/** Adjustments: the four-eyes approval queue for approvers, and the history of every manual adjustment. */
export default function AdjustmentsPage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status = raw === "all" ? "" : (STATUSES.find((s) => s.value === raw)?.value ?? "pending");
  const filters = useMemo(() => ({ status }), [status]);
  const canDecide = can(me, "adjustments.approve");
  const columns = useMemo(() => columnsFor(canDecide && me ? { id: me.id } : null), [canDecide, me]);

  return (
    <>
      <PageHeader
        title="Adjustments"
        description="Manual credits and debits of players' balances. Above the approval amount a second finance or admin member must approve before any money moves. Start one from a player's page (Adjust balance)."
      />
      <div className="mb-4">
        <SelectField
          label="Show"
          value={status}
          onChange={(event) =>
            setParams(event.target.value === "pending" ? {} : { status: event.target.value || "all" })
          }
          className="w-72"
        >
          {STATUSES.map((s) => (
            <option key={s.label} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
      <DataGrid
        label={STATUSES.find((s) => s.value === status)?.label ?? "Adjustments"}
        columns={columns}
        queryOptions={adjustmentsQueryOptions}
        filters={filters}
        getRowId={(row) => row.id}
        emptyTitle={status === "pending" ? "Nothing waits for approval" : "No adjustments here"}
      />
    </>
  );
}
