import type { PlayerSummary } from "@croupier/contract/backoffice/players";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "../components/button";
import { DataGrid } from "../components/data-grid/data-grid";
import { TextField } from "../components/field";
import { PageHeader } from "../components/page-header";
import { formatDateTime, playerName } from "../features/players/format";
import { playerSearchQueryOptions } from "../features/players/search-players";
import { StatusBadge } from "../features/players/status-badge";

const columns: ColumnDef<PlayerSummary, string>[] = [
  {
    id: "name",
    header: "Name",
    accessorFn: (row) => playerName(row),
    cell: (c) => <span className="font-medium">{c.getValue()}</span>,
  },
  { accessorKey: "email", header: "Email" },
  { accessorKey: "phone", header: "Phone", cell: (c) => c.getValue() ?? "—" },
  { id: "country", header: "Country", accessorFn: (row) => row.country?.toUpperCase() ?? "—" },
  { id: "currency", header: "Currency", accessorFn: (row) => row.currency ?? "—" },
  { accessorKey: "status", header: "Status", cell: ({ row }) => <StatusBadge status={row.original.status} /> },
  {
    accessorKey: "created_at",
    header: "Registered",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
];

/** Players: search by email, name, phone or id; a row opens the player's page. */
export default function PlayersPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const q = params.get("q") ?? "";
  const [draft, setDraft] = useState(q);
  const tooShort = draft.trim().length === 1;
  const filters = useMemo(() => ({ q }), [q]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (tooShort) return;
    const next = draft.trim();
    setParams(next ? { q: next } : {});
  };

  return (
    <>
      <PageHeader
        title="Players"
        description="Find a player by email, name, phone number or player id. Every search is recorded in the audit log."
      />
      <form role="search" onSubmit={onSubmit} className="mb-4 flex flex-wrap items-end gap-2">
        <TextField
          label="Search players"
          type="search"
          name="q"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="jane@example.com, Jane Doe, +44 7700…, or an id"
          maxLength={200}
          className="w-full max-w-md"
          error={tooShort ? "Type at least 2 characters." : undefined}
        />
        <Button type="submit" disabled={tooShort}>
          Search
        </Button>
      </form>
      <DataGrid
        label={q ? `Players matching “${q}”` : "Newest players"}
        columns={columns}
        queryOptions={playerSearchQueryOptions}
        filters={filters}
        getRowId={(row) => row.id}
        onRowClick={(row) => navigate(`/players/${row.id}`)}
        emptyTitle={q ? "No player matches" : "No players yet"}
        emptyMessage={q ? "Try part of the email, the last name, or the phone number without spaces." : undefined}
      />
    </>
  );
}
