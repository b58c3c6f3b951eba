import type { PlayerSession } from "@croupier/contract/backoffice/players";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataGrid } from "../../components/data-grid/data-grid";
import { formatDateTime } from "./format";
import { playerSessionsQueryOptions } from "./list-player-sessions";

const REASONS: Record<string, string> = {
  logout: "logged out",
  terminated: "ended from another device",
  password_changed: "password changed",
  password_reset: "password reset",
  refresh_reuse: "token reuse detected",
  locked: "account locked",
  staff: "ended by staff",
  expired: "expired",
};

const columns: ColumnDef<PlayerSession, string>[] = [
  {
    accessorKey: "started_at",
    header: "Started",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
  {
    id: "state",
    header: "State",
    accessorFn: (row) => (row.live ? "live" : (REASONS[row.finish_reason ?? ""] ?? row.finish_reason ?? "ended")),
    cell: ({ row: { original: s }, getValue }) =>
      s.live ? <span className="font-medium text-emerald-700">live</span> : <span>{getValue() as string}</span>,
  },
  {
    accessorKey: "finished_at",
    header: "Ended",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
  {
    id: "ip",
    header: "Address",
    accessorFn: (row) => [row.ip, row.country?.toUpperCase()].filter(Boolean).join(" · ") || "—",
  },
  {
    id: "device",
    header: "Device",
    accessorFn: (row) => [row.device, row.os, row.browser].filter(Boolean).join(" · ") || "—",
  },
];

/** Login sessions: where from, on what, and how each ended. */
export function SessionsTab({ playerId }: { playerId: string }) {
  const filters = useMemo(() => ({ playerId }), [playerId]);
  return (
    <DataGrid
      label="Login sessions"
      columns={columns}
      queryOptions={playerSessionsQueryOptions}
      filters={filters}
      getRowId={(row) => row.id}
      emptyTitle="The player has never logged in"
    />
  );
}
