import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { playerBonusRow, type PlayerBonusRow } from "@croupier/contract/backoffice/bonuses";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

export type PlayerBonusFilters = { playerId: string; status: string };

export const playerBonusesKey = (playerId: string) => ["backoffice", "player", playerId, "bonuses"] as const;

/** GET /players/:id/bonuses, one page (paged by number: the grid's cursor is the page as text), newest first. */
export async function listPlayerBonuses(
  p: GridParams<PlayerBonusFilters>,
  signal?: AbortSignal,
): Promise<GridPage<PlayerBonusRow>> {
  const page = Number(p.cursor ?? 1);
  const { payload, metadata } = await staffApi().get<PlayerBonusRow[], { total: number }>(
    `/players/${encodeURIComponent(p.filters.playerId)}/bonuses`,
    {
      query: { status: p.filters.status || undefined, page, per_page: p.limit },
      signal,
      schema: z.array(playerBonusRow),
    },
  );
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const playerBonusesQueryOptions = (p: GridParams<PlayerBonusFilters>) =>
  queryOptions({
    queryKey: [...playerBonusesKey(p.filters.playerId), p],
    queryFn: ({ signal }) => listPlayerBonuses(p, signal),
  });
