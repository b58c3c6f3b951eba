import { queryOptions } from "@tanstack/react-query";
import { playerNotesPage, type PlayerNotesPage } from "@croupier/contract/backoffice/players";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

export type PlayerNotesFilters = { playerId: string };

/** GET /players/:id/notes: the player's staff notes, newest first. */
export async function listPlayerNotes(
  p: GridParams<PlayerNotesFilters>,
  signal?: AbortSignal,
): Promise<PlayerNotesPage> {
  const query = { limit: p.limit, cursor: p.cursor ?? undefined };
  const url = `/players/${encodeURIComponent(p.filters.playerId)}/notes`;
  return (await staffApi().get(url, { query, signal, schema: playerNotesPage })).payload;
}

export const playerNotesQueryOptions = (p: GridParams<PlayerNotesFilters>) =>
  queryOptions({
    queryKey: [...playerQueryKey(p.filters.playerId), "notes", p],
    queryFn: ({ signal }) => listPlayerNotes(p, signal),
  });
