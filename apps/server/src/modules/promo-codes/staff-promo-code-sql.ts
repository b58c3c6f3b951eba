import { sql, type SQL } from "drizzle-orm";
import type { StaffPromoCode } from "@croupier/contract/backoffice/promo-codes";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso } from "../bonuses/bonus-sql.ts";

/** Campaign types a promo code may grant (ADR 038: trigger promo_code). */
const PROMO_TYPES = ["fixed_amount", "free_spins", "deposit_match"];

export const promoValidation = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", `${field}: ${message}`, { fields: [{ field: `body.${field}`, message }] });

/** The staff view of promo codes matching `where` (on pc), by code. */
export async function selectStaffPromoCodes(
  executor: SqlExecutor,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<StaffPromoCode[]> {
  return queryRows<StaffPromoCode>(
    executor,
    sql`SELECT pc.guid, pc.bonus_guid, COALESCE(v.bonus_name, '') AS bonus_name, COALESCE(v.bonus_type, '') AS bonus_type,
               pc.code, pc.name, pc.conditions, pc.email, ${iso(sql`pc.start_date`)} AS start_date,
               ${iso(sql`pc.end_date`)} AS end_date, pc.multiple_use, pc.multiple_use_count, pc.used_count,
               pc.segment_guids::text[] AS segment_guids, pc.country_codes::text[] AS country_codes, pc.batch_guid, pc.status,
               pc.created_by, ${iso(sql`pc.created_at`)} AS created_at, ${iso(sql`pc.updated_at`)} AS updated_at
          FROM promo_codes pc
          JOIN bonus_campaigns bc ON bc.bonus_guid = pc.bonus_guid
          LEFT JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
         WHERE ${where}
         ORDER BY pc.created_at DESC, pc.code
         LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** 400 on body.bonus_guid unless the campaign exists and takes promo codes; 400 on dates out of order. */
export async function assertPromoCampaign(
  executor: SqlExecutor,
  input: { bonus_guid: string; start_date: string | null; end_date: string | null },
): Promise<void> {
  const [campaign] = await queryRows<{ bonus_trigger: string; bonus_type: string }>(
    executor,
    sql`SELECT v.bonus_trigger, v.bonus_type FROM bonus_campaigns bc JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
         WHERE bc.bonus_guid = ${input.bonus_guid}::uuid`,
  );
  if (!campaign) throw promoValidation("bonus_guid", "no bonus campaign with this id");
  if (campaign.bonus_trigger !== "promo_code") throw promoValidation("bonus_guid", "the campaign's trigger is not promo_code");
  if (!PROMO_TYPES.includes(campaign.bonus_type))
    throw promoValidation("bonus_guid", "a promo code grants a fixed amount, free spins or a deposit match");
  if (input.start_date && input.end_date && new Date(input.start_date) >= new Date(input.end_date))
    throw promoValidation("end_date", "must be after start_date");
}
