import { sql, type SQL } from "drizzle-orm";
import { BONUS_PER_PAGE_MAX } from "@croupier/contract/entities/bonus";

/** ISO 8601 in UTC, the format of every timestamp in the contract. */
export const iso = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The project's guid (one project per deployment), as the wallet entity reads it. */
export const projectGuid = sql`(SELECT guid FROM project_settings ORDER BY created_at LIMIT 1)`;

/** The labels of a version (`v`) as a JSON array, in name order. */
export const labelsJson = sql`(SELECT coalesce(json_agg(json_build_object(
        'guid', l.guid, 'name', l.name, 'icon', l.icon, 'background_color', l.background_color, 'styles', l.styles)
        ORDER BY l.name, l.guid), '[]'::json)
     FROM bonus_labels l WHERE l.guid = ANY(v.label_guids))`;

/**
 * The per-currency terms of a version (`v`) as a JSON array in currency-code order. Amounts are
 * rounded to the currency's decimals and sent as text (money never becomes a JS number).
 */
const currenciesJson = sql`(SELECT coalesce(json_agg(json_build_object(
        'guid', bcc.guid, 'external_guid', c.code, 'currency_guid', c.guid,
        'min_deposit_sum', round(bcc.min_deposit_sum, c.decimals)::text,
        'max_bonus_sum', round(bcc.max_bonus_sum, c.decimals)::text,
        'max_cashout', round(bcc.max_cashout, c.decimals)::text,
        'bonus_threshold', round(bcc.bonus_threshold, c.decimals)::text,
        'free_spins_count', bcc.free_spins_count,
        'free_spin_bet', round(bcc.free_spin_bet, c.decimals)::text,
        'cashback_percent', trim_scale(bcc.cashback_percent)::text)
        ORDER BY c.code), '[]'::json)
     FROM bonus_campaign_currencies bcc JOIN currencies c ON c.guid = bcc.currency_guid
    WHERE bcc.version_guid = v.guid)`;

/**
 * The Bonus hub bonus entity over `bonus_campaigns bc JOIN bonus_campaign_versions v`. uuid arrays
 * go out as JSON so both drivers (pg and PGlite) hand back plain string arrays.
 */
export const hubBonusColumns = sql`
  v.guid, v.bonus_guid, ${projectGuid} AS project_guid, v.version, v.bonus_name, bc.status AS bonus_status,
  ${iso(sql`v.start_date`)} AS start_date, ${iso(sql`v.end_date`)} AS end_date,
  v.bonus_trigger, v.bonus_type, v.deposit_number,
  trim_scale(v.bonus_percent)::text AS bonus_percent, trim_scale(v.bonus_wager)::text AS bonus_wager,
  v.wagering_expiration_time, v.activation_expiration_time,
  trim_scale(v.winnings_distribution_percent)::text AS winnings_distribution_percent,
  v.auto_activation, v.auto_activation_time, v.project_tag_guid, v.is_cumulative, v.deposit_defer,
  v.icon, v.background_image, v.description,
  to_json(v.segment_guids) AS segment_guids, ${labelsJson} AS labels, ${currenciesJson} AS bonus_currencies,
  v.product, v.terms, to_json(v.game_guids) AS game_guids,
  v.cashback_period, trim_scale(v.rakeback_slots_percent)::text AS rakeback_slots_percent,
  trim_scale(v.rakeback_live_percent)::text AS rakeback_live_percent, v.rakeback_payout,
  trim_scale(v.coin_price)::text AS coin_price`;

/** Clamps a requested page size to the bonus lists' ceiling (seed clients ask for huge pages). */
export function clampPerPage(perPage: number): number {
  return Math.min(perPage, BONUS_PER_PAGE_MAX);
}
