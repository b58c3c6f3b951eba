import { sql, type SQL } from "drizzle-orm";

/**
 * SQL that is true when the player must not place a bet (PLAYER_BLOCKED):
 * an account locked by the operator. Self-exclusion, time-outs and limits
 * (LIMIT_REACHED) belong to the responsible-gaming module, which extends
 * these expressions; wins and rollbacks never consult them.
 */
export function playerBlockedSql(customerGuid: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM users u WHERE u.guid = ${customerGuid} AND u.status <> 'active')`;
}

/** SQL that is true when a responsible-gaming limit refuses the bet (LIMIT_REACHED). None exist yet. */
export function playerLimitReachedSql(_customerGuid: SQL): SQL {
  return sql`false`;
}
