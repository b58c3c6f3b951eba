import { sql } from "drizzle-orm";
import { notFound } from "../../../lib/app-error.ts";
import type { SqlExecutor } from "../../../lib/sql-executor.ts";
import { selectLimitRows, type LimitRow } from "./limit-rows.ts";

/**
 * One of the player's own limits, locked for a change; another player's id answers 404 like an
 * unknown one (the caller learns nothing about it).
 */
export async function loadOwnLimit(executor: SqlExecutor, playerGuid: string, limitGuid: string): Promise<LimitRow> {
  const [row] = await selectLimitRows(executor, sql`l.guid = ${limitGuid}::uuid AND l.user_guid = ${playerGuid}::uuid`, {
    forUpdate: true,
  });
  if (!row) throw notFound("No such limit.");
  return row;
}
