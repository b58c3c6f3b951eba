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

/**
 * SQL that is true when a responsible-gaming limit refuses any bet now (LIMIT_REACHED): the
 * session-time limit is over. Loss and wager limits depend on the stake and are judged under the
 * wallet's lock in provider_wallet_apply (player_bet_within_limits, ADR 021), on both paths.
 */
export function playerLimitReachedSql(customerGuid: SQL): SQL {
  return sql`player_bet_limit_reached(${customerGuid})`;
}
