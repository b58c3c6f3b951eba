import { sql } from "drizzle-orm";
import type { Exclusion } from "@croupier/contract/entities/exclusions";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

export type ExclusionInForce = { kind: Exclusion["kind"]; ends_at: string | null };

/**
 * The exclusion in force that ends last (an indefinite one first), or null. The same rule as SQL
 * player_excluded (ADR 020), for the callers that need its kind and end date in a message.
 */
export async function findExclusionInForce(executor: SqlExecutor, playerId: string): Promise<ExclusionInForce | null> {
  const [row] = await queryRows<ExclusionInForce>(
    executor,
    sql`
      SELECT e.kind, e.ends_at::text AS ends_at
        FROM player_exclusions e
       WHERE e.user_guid = ${playerId} AND e.ended_at IS NULL AND e.starts_at <= now()
         AND (e.ends_at IS NULL OR e.ends_at > now())
       ORDER BY e.ends_at DESC NULLS FIRST
       LIMIT 1`,
  );
  return row ?? null;
}
