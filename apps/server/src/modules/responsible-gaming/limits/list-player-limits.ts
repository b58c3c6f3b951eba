import { sql } from "drizzle-orm";
import { LIMIT_COOLING_OFF_HOURS, type PlayerLimits } from "@croupier/contract/entities/limits";
import type { SqlExecutor } from "../../../lib/sql-executor.ts";
import { selectLimitRows, toPlayerLimit } from "./limit-rows.ts";

/** The player's limits with their usage and pending changes (a handful of rows: one per type, period and currency). */
export async function listPlayerLimits(executor: SqlExecutor, playerGuid: string): Promise<PlayerLimits> {
  const rows = await selectLimitRows(executor, sql`l.user_guid = ${playerGuid}::uuid`);
  return { limits: rows.map(toPlayerLimit), cooling_off_hours: LIMIT_COOLING_OFF_HOURS };
}
