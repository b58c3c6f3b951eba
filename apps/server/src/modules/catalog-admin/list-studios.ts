import { sql } from "drizzle-orm";
import type { AdminStudio } from "@croupier/contract/backoffice/catalog-admin";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

// More studios than any aggregator offers; the list is returned whole.
export const STUDIOS_MAX = 1000;

export const STUDIO_COLUMNS = sql`p.guid, p.name, p.icon, p.ordering, p.is_enabled, p.updated_at,
  (SELECT count(*) FROM games g WHERE g.provider_guid = p.guid)::int AS games,
  (SELECT count(*) FROM games g WHERE g.provider_guid = p.guid AND g.game_status = 'active')::int AS active_games`;

export const toStudio = (row: AdminStudio & { updated_at: Date | string }): AdminStudio => ({
  ...row,
  updated_at: new Date(row.updated_at).toISOString(),
});

/** GET /catalog/studios: every studio, enabled or not, in lobby order, with its game counts. */
export async function listStudios(executor: SqlExecutor): Promise<AdminStudio[]> {
  const rows = await queryRows<AdminStudio>(
    executor,
    sql`SELECT ${STUDIO_COLUMNS} FROM providers p ORDER BY p.ordering, p.name LIMIT ${STUDIOS_MAX}`,
  );
  return rows.map(toStudio);
}
