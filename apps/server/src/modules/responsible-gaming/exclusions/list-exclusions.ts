import { sql } from "drizzle-orm";
import { RETURN_COOLING_OFF_HOURS, type StaffExclusion } from "@croupier/contract/entities/exclusions";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

/**
 * A player's exclusions, current and past, newest first; at most 100 (a player has a handful).
 * needsReturnRequest: the profile keeps an ended self-exclusion until the player asks to return.
 */
export async function listExclusions(
  executor: SqlExecutor,
  playerId: string,
  options: { needsReturnRequest: boolean },
): Promise<StaffExclusion[]> {
  return queryRows<StaffExclusion>(
    executor,
    sql`
      SELECT e.guid, e.kind, e.period, e.starts_at::text AS starts_at, e.ends_at::text AS ends_at,
             e.ended_at::text AS ended_at,
             (e.ended_at IS NULL AND e.starts_at <= now() AND (e.ends_at IS NULL OR e.ends_at > now())) AS active,
             e.reason, e.created_by_staff, e.ended_by_staff, e.created_at::text AS created_at,
             e.return_requested_at::text AS return_requested_at,
             (${options.needsReturnRequest} AND e.kind = 'self_exclusion' AND e.ends_at <= now()
              AND (e.return_requested_at IS NULL
                   OR e.return_requested_at + make_interval(hours => ${RETURN_COOLING_OFF_HOURS}) > now())) AS holds_until_return
        FROM player_exclusions e
       WHERE e.user_guid = ${playerId}
       ORDER BY e.created_at DESC, e.guid
       LIMIT 100`,
  );
}
