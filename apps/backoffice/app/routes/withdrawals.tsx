import type { WithdrawalReviewItem, WithdrawalReviewStatus } from "@croupier/contract/backoffice/money-review";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { DataGrid } from "../components/data-grid/data-grid";
import { SelectField } from "../components/field";
import { PageHeader } from "../components/page-header";
import { withdrawalsQueryOptions } from "../features/money-review/list-withdrawals";
import { baseMoney, money } from "../features/money-review/money-format";
import { RiskBadges } from "../features/money-review/risk-badges";
import { WithdrawalDrawer } from "../features/money-review/withdrawal-drawer";
import { formatDateTime } from "../lib/format-date-time";
import { useMe } from "../lib/me";
import { can } from "../lib/permissions";

const STATUSES: { value: WithdrawalReviewStatus; label: string }[] = [
  { value: "in_review", label: "In review (oldest first)" },
  { value: "approved", label: "Approved" },
  { value: "auto_approved", label: "Auto-approved" },
  { value: "declined", label: "Declined" },
];

const columns: ColumnDef<WithdrawalReviewItem, string>[] = [
  {
    id: "created_at",
    header: "Requested",
    accessorFn: (row) => row.created_at,
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
  { accessorKey: "player_email", header: "Player" },
  {
    id: "amount",
    header: "Amount",
    accessorFn: (row) => money(row.amount, row.currency_code, row.currency_decimals),
    cell: ({ row, getValue }) => (
      <span className="whitespace-nowrap">
        <span className="font-medium">{getValue()}</span>
        {row.original.currency_code === "USD" ? null : (
          <span className="block text-xs text-slate-500">{baseMoney(row.original.base_amount)}</span>
        )}
      </span>
    ),
  },
  { accessorKey: "method", header: "Method" },
  {
    id: "risk",
    header: "Risk",
    accessorFn: (row) => row.risk.flags.join(","),
    cell: ({ row }) => <RiskBadges risk={row.original.risk} />,
  },
  {
    id: "decided",
    header: "Decided by",
    accessorFn: (row) => row.reviewed_by_email ?? (row.review_status === "auto_approved" ? "rule" : "—"),
  },
];

/** Withdrawals: the review queue with risk signals; a row opens the detail with approve and decline. */
export default function WithdrawalsPage() {
  const { data: me } = useMe();
  const [params, setParams] = useSearchParams();
  const status = (STATUSES.find((s) => s.value === params.get("status"))?.value ??
    "in_review") as WithdrawalReviewStatus;
  const open = params.get("id");
  const filters = useMemo(() => ({ status }), [status]);
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };

  return (
    <>
      <PageHeader
        title="Withdrawals"
        description="Withdrawals wait here until a staff member approves (the payout goes out) or declines them (the money returns to the player). Every view is recorded in the audit log."
      />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <SelectField
          label="Show"
          value={status}
          onChange={(event) => set({ status: event.target.value, id: null })}
          className="w-64"
        >
          {STATUSES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </SelectField>
      </div>
      <DataGrid
        label={STATUSES.find((s) => s.value === status)?.label ?? "Withdrawals"}
        columns={columns}
        queryOptions={withdrawalsQueryOptions}
        filters={filters}
        getRowId={(row) => row.id}
        onRowClick={(row) => set({ id: row.id })}
        emptyTitle={status === "in_review" ? "Nothing to review" : "No withdrawals here"}
        emptyMessage={status === "in_review" ? "New withdrawals above the auto-approval rule appear here." : undefined}
      />
      <WithdrawalDrawer id={open} canDecide={can(me, "withdrawals.decide")} onClose={() => set({ id: null })} />
    </>
  );
}
