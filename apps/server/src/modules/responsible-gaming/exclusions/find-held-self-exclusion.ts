import { sql } from "drizzle-orm";
import { RETURN_COOLING_OFF_HOURS } from "@croupier/contract/entities/exclusions";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

export type HeldSelfExclusion = { ended_at: string; return_requested_at: string | null; reopens_at: string | null };

/**
 * An ended self-exclusion that still keeps the player out where the profile requires a request to
 * return (self-exclusion-return-policy.ts): no request recorded yet, or the day after it not over.
 * The latest such one, or null.
 */
export async function findHeldSelfExclusion(
  executor: SqlExecutor,
  playerId: string,
): Promise<HeldSelfExclusion | null> {
  const [row] = await queryRows<HeldSelfExclusion>(
    executor,
    sql`
      SELECT e.ends_at::text AS ended_at, e.return_requested_at::text AS return_requested_at,
             (e.return_requested_at + make_interval(hours => ${RETURN_COOLING_OFF_HOURS}))::text AS reopens_at
        FROM player_exclusions e
       WHERE e.user_guid = ${playerId} AND e.kind = 'self_exclusion' AND e.ends_at <= now()
         AND (e.return_requested_at IS NULL
              OR e.return_requested_at + make_interval(hours => ${RETURN_COOLING_OFF_HOURS}) > now())
       ORDER BY e.ends_at DESC
       LIMIT 1`,
  );
  return row ?? null;
}
