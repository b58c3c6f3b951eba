import { queryOptions } from "@tanstack/react-query";
import { playerSessionsPage, type PlayerSessionsPage } from "@croupier/contract/backoffice/players";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

export type PlayerSessionsFilters = { playerId: string };

/** GET /players/:id/sessions: the player's login sessions, newest first. */
export async function listPlayerSessions(
  p: GridParams<PlayerSessionsFilters>,
  signal?: AbortSignal,
): Promise<PlayerSessionsPage> {
  const query = { limit: p.limit, cursor: p.cursor ?? undefined };
  const url = `/players/${encodeURIComponent(p.filters.playerId)}/sessions`;
  return (await staffApi().get(url, { query, signal, schema: playerSessionsPage })).payload;
}

export const playerSessionsQueryOptions = (p: GridParams<PlayerSessionsFilters>) =>
  queryOptions({
    queryKey: [...playerQueryKey(p.filters.playerId), "sessions", p],
    queryFn: ({ signal }) => listPlayerSessions(p, signal),
  });
