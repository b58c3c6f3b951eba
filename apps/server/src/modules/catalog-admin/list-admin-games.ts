import { sql, type SQL } from "drizzle-orm";
import type { AdminGame, adminGameSorts } from "@croupier/contract/backoffice/catalog-admin";
import type { GameStatus } from "@croupier/contract/entities/game";
import type { Pager } from "@croupier/contract/envelope";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { ADMIN_GAME_COLUMNS, ADMIN_GAME_FROM, toAdminGame } from "./admin-game-sql.ts";

export type AdminGameFilters = {
  q?: string;
  studioGuid?: string;
  gameProvider?: string;
  tagGuid?: string;
  systemTagGuid?: string;
  status?: GameStatus;
  enabled?: boolean;
};

const SORT: Record<(typeof adminGameSorts)[number], SQL> = {
  ordering: sql`g.game_ordering`,
  name: sql`g.game_name`,
  studio: sql`p.name`,
  status: sql`g.game_status`,
  updated_at: sql`g.updated_at`,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /catalog/games (back office): every game, whatever its status or studio, filtered, sorted, one page. */
export async function listAdminGames(
  executor: SqlExecutor,
  filters: AdminGameFilters,
  options: { sort: (typeof adminGameSorts)[number]; descending: boolean; page: number; perPage: number },
): Promise<{ items: AdminGame[]; pager: Pager }> {
  const where: SQL[] = [sql`true`];
  if (filters.q) {
    const like = `%${escapeLike(filters.q)}%`;
    where.push(sql`(g.game_name ILIKE ${like} OR g.external_guid ILIKE ${like})`);
  }
  if (filters.studioGuid) where.push(sql`g.provider_guid = ${filters.studioGuid}::uuid`);
  if (filters.gameProvider) where.push(sql`g.game_provider = ${filters.gameProvider}`);
  if (filters.systemTagGuid) where.push(sql`g.system_tag_guid = ${filters.systemTagGuid}::uuid`);
  if (filters.status) where.push(sql`g.game_status = ${filters.status}`);
  if (filters.tagGuid)
    where.push(
      sql`EXISTS (SELECT 1 FROM game_tags gt WHERE gt.tag_guid = ${filters.tagGuid}::uuid AND gt.game_guid = g.guid)`,
    );
  if (filters.enabled !== undefined) where.push(sql`(g.game_status = 'active' AND p.is_enabled) = ${filters.enabled}`);
  const direction = options.descending ? sql`DESC` : sql`ASC`;
  const rows = await queryRows<Record<string, unknown> & { total: number }>(
    executor,
    sql`SELECT ${ADMIN_GAME_COLUMNS}, count(*) OVER ()::int AS total
          FROM ${ADMIN_GAME_FROM}
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY ${SORT[options.sort]} ${direction}, g.game_name, g.guid
         LIMIT ${options.perPage} OFFSET ${(options.page - 1) * options.perPage}`,
  );
  const total = rows[0]?.total ?? (await countGames(executor, where));
  return {
    items: rows.map(({ total: _total, ...row }) => toAdminGame(row)),
    pager: { page: options.page, per_page: options.perPage, total },
  };
}

// A page past the end carries no window total: count on its own.
async function countGames(executor: SqlExecutor, where: SQL[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    executor,
    sql`SELECT count(*)::int AS n FROM ${ADMIN_GAME_FROM} WHERE ${sql.join(where, sql` AND `)}`,
  );
  return row?.n ?? 0;
}
