import type { DatabaseHandle } from "@croupier/db/create-database";
import type { EdgeGame, Game } from "@croupier/contract/entities/game";
import type { Pager } from "@croupier/contract/envelope";
import { AppError } from "../../lib/app-error.ts";
import type { GameFilters, Paging } from "./catalog-query.ts";
import { GAME_ORDER, gameColumns, gameConditions, Params, toEdgeGame, toGame } from "./game-sql.ts";

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

  const params = new Params();
  const columns = gameColumns(params, options);
  const where = gameConditions(filters, params, options.userId).join(" AND ");
  const rows = await database.query(
    `SELECT ${columns}
     FROM games g JOIN providers p ON p.guid = g.provider_guid
     WHERE ${where}
     ORDER BY ${GAME_ORDER}
     LIMIT ${params.add(paging.per_page)} OFFSET ${params.add(offset)}`,
    params.values,
  );

  // A partly filled page already tells the total; only a full or empty page needs the count.
  let total = offset + rows.length;
  if (rows.length === paging.per_page || (rows.length === 0 && offset > 0)) {
    const countParams = new Params();
    const countWhere = gameConditions(filters, countParams, options.userId).join(" AND ");
    const [row] = await database.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM games g JOIN providers p ON p.guid = g.provider_guid WHERE ${countWhere}`,
      countParams.values,
    );
    total = row?.total ?? 0;
  }
  return { rows, pager: { page: paging.page, per_page: paging.per_page, total } };
}
