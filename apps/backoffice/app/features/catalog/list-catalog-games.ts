import { queryOptions } from "@tanstack/react-query";
import { adminGames, adminGameSorts, type AdminGame } from "@croupier/contract/backoffice/catalog-admin";
import type { GameStatus } from "@croupier/contract/entities/game";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

export type CatalogGameFilters = { q: string; studio: string; provider: string; tag: string; status: GameStatus | "" };

export const CATALOG_GAMES_KEY = ["backoffice", "catalog", "games"] as const;

const isSort = (id: string): id is (typeof adminGameSorts)[number] =>
  (adminGameSorts as readonly string[]).includes(id);

/**
 * GET /catalog/games, one page. The API pages by number; the grid's cursor is that number as text
 * (null: the first page) and the next one is offered while the pager's total says more rows follow.
 */
export async function listCatalogGames(
  p: GridParams<CatalogGameFilters>,
  signal?: AbortSignal,
): Promise<GridPage<AdminGame>> {
  const page = Number(p.cursor ?? 1);
  const sort = p.sort && isSort(p.sort.id) ? p.sort : null;
  const f = p.filters;
  const query = {
    q: f.q.trim() || undefined,
    studio_guid: f.studio || undefined,
    game_provider: f.provider || undefined,
    tag_guid: f.tag || undefined,
    status: f.status || undefined,
    sort: sort?.id,
    order: sort ? (sort.desc ? "desc" : "asc") : undefined,
    page,
    per_page: p.limit,
  };
  const { payload, metadata } = await staffApi().get<AdminGame[], { total: number }>("/catalog/games", {
    query,
    signal,
    schema: adminGames,
  });
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const catalogGamesQueryOptions = (p: GridParams<CatalogGameFilters>) =>
  queryOptions({ queryKey: [...CATALOG_GAMES_KEY, p], queryFn: ({ signal }) => listCatalogGames(p, signal) });
