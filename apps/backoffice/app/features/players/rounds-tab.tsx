import type { PlayerRound } from "@croupier/contract/backoffice/players";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataGrid } from "../../components/data-grid/data-grid";
import { formatDateTime, formatMoney } from "./format";
import { playerRoundsQueryOptions } from "./list-player-rounds";

const columns: ColumnDef<PlayerRound, string>[] = [
  {
    accessorKey: "created_at",
    header: "Time",
    cell: (c) => <span className="whitespace-nowrap">{formatDateTime(c.getValue())}</span>,
  },
  { id: "game", header: "Game", accessorFn: (row) => row.game_name ?? row.game_code },
  {
    id: "provider",
    header: "Provider / studio",
    accessorFn: (row) => [row.provider, row.studio].filter(Boolean).join(" / "),
  },
  {
    id: "operation",
    header: "Operation",
    accessorFn: (row) => `${row.operation}${row.free_spin ? " (free spin)" : ""}`,
  },
  {
    id: "bet",
    header: "Bet",
    accessorFn: (row) => row.bet,
    cell: ({ row: { original: r } }) => (
      <span className="tabular-nums">{formatMoney(r.bet, r.decimals, r.currency)}</span>
    ),
  },
  {
    id: "win",
    header: "Win",
    accessorFn: (row) => row.win,
    cell: ({ row: { original: r } }) => (
      <span className="tabular-nums">{formatMoney(r.win, r.decimals, r.currency)}</span>
    ),
  },
  {
    id: "balance",
    header: "Balance after",
    accessorFn: (row) => row.balance_after,
    cell: ({ row: { original: r } }) => (
      <span className="tabular-nums">{formatMoney(r.balance_after, r.decimals, r.currency)}</span>
    ),
  },
  { accessorKey: "round_id", header: "Round", cell: (c) => <code className="text-xs break-all">{c.getValue()}</code> },
];

/** Bets, wins and rollbacks with their game and provider. */
export function RoundsTab({ playerId }: { playerId: string }) {
  const filters = useMemo(() => ({ playerId }), [playerId]);
  return (
    <DataGrid
      label="Game rounds"
      columns={columns}
      queryOptions={playerRoundsQueryOptions}
      filters={filters}
      getRowId={(row) => row.id}
      emptyTitle="No games played yet"
    />
  );
}
