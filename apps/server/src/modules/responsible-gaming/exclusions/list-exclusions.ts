import { sql } from "drizzle-orm";
import type { StaffExclusion } from "@croupier/contract/entities/exclusions";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

/** A player's exclusions, current and past, newest first; at most 100 (a player has a handful). */
export async function listExclusions(executor: SqlExecutor, playerId: string): Promise<StaffExclusion[]> {
  return queryRows<StaffExclusion>(
    executor,
    sql`
      SELECT e.guid, e.kind, e.period, e.starts_at::text AS starts_at, e.ends_at::text AS ends_at,
             e.ended_at::text AS ended_at,
             (e.ended_at IS NULL AND e.starts_at <= now() AND (e.ends_at IS NULL OR e.ends_at > now())) AS active,
             e.reason, e.created_by_staff, e.ended_by_staff, e.created_at::text AS created_at
        FROM player_exclusions e
       WHERE e.user_guid = ${playerId}
       ORDER BY e.created_at DESC, e.guid
       LIMIT 100`,
  );
}
