import { sql } from "drizzle-orm";
import { hotRows, type HotDatabase } from "../../lib/sql-executor.ts";
import type { JurisdictionBetRules } from "./jurisdiction-bet-rules.ts";

/**
 * The jurisdiction's bet rules on the two-statement path (place-bet.ts), with the definitions the
 * one-trip path applies in provider_wallet_fast_calls: an unverified player may not bet where the
 * profile requires verification (PLAYER_BLOCKED), and a slot stake above the player's limit is
 * refused (BET_LIMIT_EXCEEDED, player_stake_limit_exceeded). Null: the bet may go on. No query at all
 * under a profile without these rules.
 */
export async function checkJurisdictionBet(
  database: HotDatabase,
  rules: JurisdictionBetRules,
  input: { sessionGuid: string; playAmount: string },
): Promise<"PLAYER_BLOCKED" | "BET_LIMIT_EXCEEDED" | null> {
  if (!rules.verified_required && rules.max_stake_gbp_from_25 === null) return null;
  const [row] = await hotRows<{ verified: boolean; exceeded: boolean }>(
    database,
    sql`SELECT EXISTS (SELECT 1 FROM users u WHERE u.guid = s.customer_guid AND u.is_verified) AS verified,
               player_stake_limit_exceeded(s.customer_guid, COALESCE(tag.name = 'Slots', false),
                 COALESCE(s.play_currency_guid, s.currency_guid), ${input.playAmount}::numeric,
                 ${rules.max_stake_gbp_from_25}::numeric, ${rules.max_stake_gbp_under_25}::numeric) AS exceeded
          FROM game_sessions s
          LEFT JOIN games g ON g.external_guid = s.game_code
          LEFT JOIN tags tag ON tag.guid = g.system_tag_guid
         WHERE s.guid = ${input.sessionGuid}::uuid`,
  );
  // The session was read a moment ago by the context read; gone now means nothing may move.
  if (!row) return "PLAYER_BLOCKED";
  if (rules.verified_required && !row.verified) return "PLAYER_BLOCKED";
  if (row.exceeded) return "BET_LIMIT_EXCEEDED";
  return null;
}
