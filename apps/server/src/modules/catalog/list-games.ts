import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { EdgeGame, Game } from "@croupier/contract/entities/game";
import type { Pager } from "@croupier/contract/envelope";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { CATALOG_VERSION, peekCatalogCache, storeCatalogCache } from "./catalog-cache.ts";
import type { GameFilters, Paging } from "./catalog-query.ts";
import { GAME_ORDER, gameColumns, gameConditions, toEdgeGame, toGame } from "./game-sql.ts";

type ListGamesOptions = { userId: string | null };

/** GET /catalog/games: one page of the filtered catalogue in lobby order, and the total. */
export async function listGames(
  database: DatabaseHandle,
  filters: GameFilters,
  paging: Paging,
  options: ListGamesOptions,
): Promise<{ items: Game[]; pager: Pager }> {
  const { rows, pager } = await queryGames(database, filters, paging, { ...options, edge: false });
  return { items: rows.map(toGame), pager };
}

/** GET /edgesync/catalog/games: the same list with the edge-sync fields. */
export async function listEdgeGames(
  database: DatabaseHandle,
  filters: GameFilters,
  paging: Paging,
  options: ListGamesOptions,
): Promise<{ items: EdgeGame[]; pager: Pager }> {
  const { rows, pager } = await queryGames(database, filters, paging, { ...options, edge: true });
  return { items: rows.map(toEdgeGame), pager };
}

async function queryGames(
  database: DatabaseHandle,
  filters: GameFilters,
  paging: Paging,
  options: ListGamesOptions & { edge: boolean },
) {
  if (filters.favorites_only && !options.userId)
    throw new AppError("UNAUTHORIZED", "Please log in to see your favourite games.");
  const offset = (paging.page - 1) * paging.per_page;

  // The page is chosen on the narrow row first; the per-game subqueries (tags,
  // favourite, edge fields) then run for the page's rows only, not for every
  // row an OFFSET skips. Unnamed statements (queryRows, not hotRows): each is planned for its own
  // values, and a client can vary the filter combinations without bound.
  const where = sql.join(gameConditions(filters, options.userId), sql` AND `);
  const pageQuery = queryRows<Record<string, unknown> & { catalog_version: string | null }>(
    database.db,
    sql`WITH page AS (
       SELECT g.guid, g.game_ordering, g.game_name FROM games g JOIN providers p ON p.guid = g.provider_guid
       WHERE ${where}
       ORDER BY ${GAME_ORDER}
       LIMIT ${paging.per_page} OFFSET ${offset}
     )
     SELECT ${gameColumns(options)}, ${CATALOG_VERSION} AS catalog_version
     FROM page JOIN games g ON g.guid = page.guid JOIN providers p ON p.guid = g.provider_guid
     ORDER BY page.game_ordering, page.game_name, page.guid`,
  );

  // A partly filled page already tells the total. Otherwise the count of the
  // filter combination, cached under the catalogue version: the page query
  // reads the version in its own snapshot, so a cached total is used only when
  // it counts exactly the rows the page was cut from. A first sight of the
  // combination counts at the same time as the page (PostgreSQL runs both on
  // separate connections). Favourites are per player and unversioned: always counted.
  const countStatement = sql`SELECT count(*)::int AS total, ${CATALOG_VERSION} AS catalog_version
     FROM games g JOIN providers p ON p.guid = g.provider_guid
     WHERE ${where}`;
  // The count statement is a function of the filters alone (the player only enters it through
  // favourites, which are not cached), so they are the key.
  const cacheKey = filters.favorites_only ? null : `total ${JSON.stringify(filters)}`;
  const known = cacheKey ? peekCatalogCache<number>(database, cacheKey) : undefined;
  const count = async () => {
    const [row] = await queryRows<{ total: number; catalog_version: string | null }>(database.db, countStatement);
    if (cacheKey && row?.catalog_version) storeCatalogCache(database, cacheKey, row.catalog_version, row.total);
    return row?.total ?? 0;
  };
  const eagerCount = database.kind === "postgres" && !known ? count() : null;
  eagerCount?.catch(() => {});
  const rows = await pageQuery;
  let total = offset + rows.length;
  if (rows.length === paging.per_page || (rows.length === 0 && offset > 0)) {
    const version = rows[0]?.catalog_version ?? undefined;
    total = known && version !== undefined && known.version === version ? known.value : await (eagerCount ?? count());
  }
  return { rows, pager: { page: paging.page, per_page: paging.per_page, total } };
}

