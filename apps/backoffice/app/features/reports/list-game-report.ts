import { queryOptions } from "@tanstack/react-query";
import { gameReportRows, gameReportSorts, type GameReportRow } from "@croupier/contract/backoffice/reports";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { rangeQuery, type ReportRange } from "./report-range";

const isSort = (id: string): id is (typeof gameReportSorts)[number] =>
  (gameReportSorts as readonly string[]).includes(id);

/**
 * GET /reports/games, one page. The API pages by number; the grid's cursor is that number as text
 * (null: the first page), and the next cursor is there while the pager's total says more rows follow.
 */
export async function listGameReport(
  p: GridParams<ReportRange>,
  signal?: AbortSignal,
): Promise<GridPage<GameReportRow>> {
  const page = Number(p.cursor ?? 1);
  const sort = p.sort && isSort(p.sort.id) ? p.sort : null;
  const query = {
    ...rangeQuery(p.filters),
    sort: sort?.id,
    order: sort ? (sort.desc ? "desc" : "asc") : undefined,
    page,
    per_page: p.limit,
  };
  const { payload, metadata } = await staffApi().get<GameReportRow[], { total: number }>("/reports/games", {
    query,
    signal,
    schema: gameReportRows,
  });
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const gameReportQueryOptions = (p: GridParams<ReportRange>) =>
  queryOptions({ queryKey: ["backoffice", "reports", "games", p], queryFn: ({ signal }) => listGameReport(p, signal) });
