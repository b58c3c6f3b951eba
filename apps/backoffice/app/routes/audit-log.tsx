import type { AuditEntry } from "@croupier/contract/backoffice/staff";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { DataGrid } from "../components/data-grid/data-grid";
import { PageHeader } from "../components/page-header";
import { AuditDiffView } from "../features/audit-log/audit-diff-view";
import { AuditEntryDialog } from "../features/audit-log/audit-entry-dialog";
import { AuditFiltersForm } from "../features/audit-log/audit-filters-form";
import { auditLogQueryOptions, EMPTY_AUDIT_FILTERS, type AuditFilters } from "../features/audit-log/list-audit-log";
import { formatDateTime } from "../lib/format-date-time";

export default function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const [open, setOpen] = useState<AuditEntry | null>(null);

  // Clicking an id in a row filters by it (stopPropagation: the row's own click opens the entry).
  const filterBy = (patch: Partial<AuditFilters>) => (event: React.MouseEvent) => {
    event.stopPropagation();
    setFilters((current) => ({ ...current, ...patch }));
  };

  const columns: ColumnDef<AuditEntry, unknown>[] = [
    { accessorKey: "at", header: "When", cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.at)}</span> },
    {
      id: "staff",
      header: "Staff",
      cell: ({ row }) =>
        row.original.staff_id ? (
          <button type="button" className="text-left text-indigo-700 hover:underline" title="Show only this staff member's entries" onClick={filterBy({ staff_id: row.original.staff_id })}>
            {row.original.staff_email ?? row.original.staff_id}
          </button>
        ) : (
          <span className="text-slate-400">system</span>
        ),
    },
    { accessorKey: "action", header: "Action", cell: ({ row }) => <code className="text-xs">{row.original.action}</code> },
    {
      id: "player",
      header: "Player",
      cell: ({ row }) =>
        row.original.player_id ? (
          <button type="button" className="font-mono text-xs text-indigo-700 hover:underline" title="Show only this player's entries" onClick={filterBy({ player_id: row.original.player_id })}>
            {row.original.player_id.slice(0, 8)}…
          </button>
        ) : (
          "—"
        ),
    },
    { id: "change", header: "Change", cell: ({ row }) => <AuditDiffView before={row.original.before} after={row.original.after} compact /> },
    { accessorKey: "ip", header: "Address", cell: ({ row }) => <span className="font-mono text-xs">{row.original.ip ?? "—"}</span> },
  ];

  return (
    <>
      <PageHeader title="Audit log" description="Every staff action that changed something, and every bulk read of personal data. Entries cannot be changed or deleted." />
      <AuditFiltersForm value={filters} onApply={setFilters} />
      <DataGrid
        label="Audit log entries"
        columns={columns}
        queryOptions={auditLogQueryOptions}
        filters={filters}
        getRowId={(row) => row.id}
        onRowClick={setOpen}
        pageSize={50}
        emptyTitle="No entries"
        emptyMessage="Nothing matches these filters."
      />
      <AuditEntryDialog entry={open} onClose={() => setOpen(null)} />
    </>
  );
}
