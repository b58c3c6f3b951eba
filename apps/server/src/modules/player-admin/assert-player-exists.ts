import { sql } from "drizzle-orm";
import { notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** 404 for an id that names no player, so a sub-list of nobody is not an empty page. */
export async function assertPlayerExists(db: SqlExecutor, playerId: string): Promise<void> {
  const [row] = await queryRows<{ found: number }>(db, sql`SELECT 1 AS found FROM users WHERE guid = ${playerId}`);
  if (!row) throw notFound("No player with this id.");
}
