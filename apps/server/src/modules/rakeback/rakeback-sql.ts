import { sql, type SQL } from "drizzle-orm";

/** ISO 8601 in UTC with milliseconds, as the contract's timestamps. */
export const iso = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rakeback campaign that applies to a player's wallet currency at a moment: the newest active
 * campaign of type rakeback whose current version covers `at`, has terms in the currency (no terms,
 * no rakeback in that currency) and targets the player (no segments, or one of theirs). The campaign
 * editor lets one run at a time (ADR 038); newest-first only keeps the choice deterministic.
 * A subquery for LATERAL joins: columns bonus_guid, version_guid, bonus_name, slots_percent,
 * live_percent, payout, bonus_wager.
 */
export function applicableRakebackCampaign(input: { userGuid: SQL; currencyGuid: SQL; at: SQL }): SQL {
  return sql`(SELECT bc.bonus_guid, v.guid AS version_guid, v.bonus_name, v.rakeback_slots_percent AS slots_percent,
                     v.rakeback_live_percent AS live_percent, v.rakeback_payout AS payout, v.bonus_wager
                FROM bonus_campaigns bc
                JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
                JOIN bonus_campaign_currencies tc ON tc.version_guid = v.guid AND tc.currency_guid = ${input.currencyGuid}
               WHERE bc.status = 'active' AND v.bonus_type = 'rakeback'
                 AND (v.start_date IS NULL OR v.start_date <= ${input.at}) AND (v.end_date IS NULL OR v.end_date > ${input.at})
                 AND (cardinality(v.segment_guids) = 0
                      OR EXISTS (SELECT 1 FROM user_segments us
                                  WHERE us.user_guid = ${input.userGuid} AND us.segment_guid = ANY (v.segment_guids)))
               ORDER BY bc.created_at DESC, bc.bonus_guid DESC
               LIMIT 1)`;
}
