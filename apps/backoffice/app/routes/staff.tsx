import type { StaffMember } from "@croupier/contract/backoffice/staff";
import type { ColumnDef } from "@tanstack/react-table";
import { useState } from "react";
import { Button } from "../components/button";
import { DataGrid } from "../components/data-grid/data-grid";
import { PageHeader } from "../components/page-header";
import { CreateStaffDialog } from "../features/staff-admin/create-staff-dialog";
import { staffQueryOptions, type StaffFilters } from "../features/staff-admin/list-staff";
import { StaffRowActions } from "../features/staff-admin/staff-row-actions";
import { formatDateTime } from "../lib/format-date-time";
import { useMe } from "../lib/me";
import { ROLE_LABELS } from "../lib/permissions";

const NO_FILTERS: StaffFilters = {};

function Badge({ tone, children }: { tone: "green" | "grey" | "amber"; children: string }) {
  const tones = { green: "bg-emerald-50 text-emerald-700", grey: "bg-slate-100 text-slate-600", amber: "bg-amber-50 text-amber-800" };
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${tones[tone]}`}>{children}</span>;
}

export default function StaffPage() {
  const { data: me } = useMe();
  const [creating, setCreating] = useState(false);

  const columns: ColumnDef<StaffMember, unknown>[] = [
    {
      id: "name",
      header: "Staff member",
      cell: ({ row }) => (
        <div>
          <p className="font-medium">{row.original.display_name}</p>
          <p className="text-xs text-slate-500">{row.original.email}</p>
        </div>
      ),
    },
    { accessorKey: "role", header: "Role", cell: ({ row }) => ROLE_LABELS[row.original.role] },
    {
      accessorKey: "status",
      header: "Status",
      cell: ({ row }) => (row.original.status === "active" ? <Badge tone="green">Active</Badge> : <Badge tone="grey">Disabled</Badge>),
    },
    {
      accessorKey: "two_factor_enrolled",
      header: "Two-factor",
      cell: ({ row }) => (row.original.two_factor_enrolled ? <Badge tone="green">Set up</Badge> : <Badge tone="amber">At next sign-in</Badge>),
    },
    { accessorKey: "last_seen_at", header: "Last seen", cell: ({ row }) => <span className="whitespace-nowrap">{row.original.last_seen_at ? formatDateTime(row.original.last_seen_at) : "Never"}</span> },
    { accessorKey: "created_at", header: "Created", cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.created_at)}</span> },
    { id: "actions", header: () => <span className="sr-only">Actions</span>, cell: ({ row }) => <StaffRowActions member={row.original} isSelf={row.original.id === me?.id} /> },
  ];

  return (
    <>
      <PageHeader
        title="Staff"
        description="Who can use the back office and with which role. Disabling someone or resetting their two-factor ends their sessions."
        actions={<Button onClick={() => setCreating(true)}>New staff member</Button>}
      />
      <DataGrid label="Staff members" columns={columns} queryOptions={staffQueryOptions} filters={NO_FILTERS} getRowId={(row) => row.id} pageSize={50} emptyTitle="No staff accounts yet" />
      <CreateStaffDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
