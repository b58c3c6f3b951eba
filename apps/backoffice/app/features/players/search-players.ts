import { queryOptions } from "@tanstack/react-query";
import { playerSearchPage, type PlayerSearchPage } from "@croupier/contract/backoffice/players";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

export type PlayerSearchFilters = { q: string };

/** GET /players: the search (at least 2 characters; empty lists the newest players). */
export async function searchPlayers(
  p: GridParams<PlayerSearchFilters>,
  signal?: AbortSignal,
): Promise<PlayerSearchPage> {
  const query = { q: p.filters.q.trim() || undefined, limit: p.limit, cursor: p.cursor ?? undefined };
  return (await staffApi().get("/players", { query, signal, schema: playerSearchPage })).payload;
}

export const playerSearchQueryOptions = (p: GridParams<PlayerSearchFilters>) =>
  queryOptions({ queryKey: ["backoffice", "players", "search", p], queryFn: ({ signal }) => searchPlayers(p, signal) });
