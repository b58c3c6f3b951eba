import type { GameReportRow } from "@croupier/contract/backoffice/reports";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo } from "react";
import { DataGrid } from "../../components/data-grid/data-grid";
import { cx } from "../../lib/cx";
import { formatFigure, isNegative, type Decimals } from "./format-report";
import { gameReportQueryOptions } from "./list-game-report";
import type { ReportRange } from "./report-range";

/** Per game and currency, sorted by the server (GGR first by default), a page at a time. */
export function GameReportGrid({ range, decimals }: { range: ReportRange; decimals: Decimals }) {
  const columns = useMemo<ColumnDef<GameReportRow, string>[]>(() => {
    const money = (key: "stakes" | "wins" | "ggr", header: string): ColumnDef<GameReportRow, string> => ({
      id: key,
      header,
      accessorFn: (row) => row[key],
      enableSorting: true,
      cell: ({ row }) => (
        <span className={cx("block text-right tabular-nums", isNegative(row.original[key]) && "text-red-700")}>
          {formatFigure(row.original[key], decimals(row.original.currency))}
        </span>
      ),
    });
    return [
      {
        id: "game_name",
        header: "Game",
        enableSorting: true,
        accessorFn: (row) => row.game_name ?? row.game_code,
        cell: ({ row }) => (
          <span>
            <span className="font-medium">{row.original.game_name ?? row.original.game_code}</span>
            <span className="block text-xs text-slate-500">{row.original.studio ?? "not in the catalogue"}</span>
          </span>
        ),
      },
      { accessorKey: "provider", header: "Game provider" },
      { accessorKey: "currency", header: "Currency" },
      money("stakes", "Stakes"),
      money("wins", "Wins"),
      money("ggr", "GGR"),
      { id: "rounds", header: "Rounds", enableSorting: true, accessorFn: (row) => String(row.rounds) },
      { id: "players", header: "Players", enableSorting: true, accessorFn: (row) => String(row.players) },
    ];
  }, [decimals]);
  return (
    <DataGrid
      label="Figures per game"
      columns={columns}
      queryOptions={gameReportQueryOptions}
      filters={range}
      getRowId={(row) => `${row.provider}|${row.game_code}|${row.currency}`}
      pageSize={25}
      initialSort={{ id: "ggr", desc: true }}
      emptyTitle="No game was played in this window"
    />
  );
}
