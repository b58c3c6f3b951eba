import { sql, type SQL } from "drizzle-orm";

/**
 * SQL that is true when the player must not place a bet (PLAYER_BLOCKED): an
 * account locked by the operator. Both checks are SQL functions
 * (packages/db/functions, ADR 008) so that the context read and the one-trip
 * path (provider_wallet_fast_calls) apply the same definition; the
 * responsible-gaming module extends the functions (self-exclusion, time-outs,
 * limits). Wins and rollbacks never consult them.
 */
export function playerBlockedSql(customerGuid: SQL): SQL {
  return sql`player_bet_blocked(${customerGuid})`;
}

/** SQL that is true when a responsible-gaming limit refuses the bet (LIMIT_REACHED). None exist yet. */
export function playerLimitReachedSql(customerGuid: SQL): SQL {
  return sql`player_bet_limit_reached(${customerGuid})`;
}
