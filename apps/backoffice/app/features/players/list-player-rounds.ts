import { queryOptions } from "@tanstack/react-query";
import { playerRoundsPage, type PlayerRoundsPage } from "@croupier/contract/backoffice/players";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

export type PlayerRoundsFilters = { playerId: string };

/** GET /players/:id/rounds: the player's game transactions, newest first. */
export async function listPlayerRounds(
  p: GridParams<PlayerRoundsFilters>,
  signal?: AbortSignal,
): Promise<PlayerRoundsPage> {
  const query = { limit: p.limit, cursor: p.cursor ?? undefined };
  const url = `/players/${encodeURIComponent(p.filters.playerId)}/rounds`;
  return (await staffApi().get(url, { query, signal, schema: playerRoundsPage })).payload;
}

export const playerRoundsQueryOptions = (p: GridParams<PlayerRoundsFilters>) =>
  queryOptions({
    queryKey: [...playerQueryKey(p.filters.playerId), "rounds", p],
    queryFn: ({ signal }) => listPlayerRounds(p, signal),
  });
