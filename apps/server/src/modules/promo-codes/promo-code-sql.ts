import { sql, type SQL } from "drizzle-orm";
import type { CustomerPromoCode } from "@croupier/contract/entities/promo-code";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso, projectGuid } from "../bonuses/bonus-sql.ts";

/** The seed's Customer promo code with its code and campaign name; `where` filters cpc (and pc). */
export async function selectCustomerPromoCodes(
  executor: SqlExecutor,
  where: SQL,
  page: { limit: number; offset: number },
): Promise<CustomerPromoCode[]> {
  return queryRows<CustomerPromoCode>(
    executor,
    sql`SELECT cpc.guid, cpc.customer_guid, ${projectGuid} AS project_guid, cpc.bonus_guid, cpc.promo_code_guid,
               cpc.promo_code_version_guid, cpc.multiple_use, cpc.multiple_use_count, cpc.status,
               ${iso(sql`cpc.last_activated_at`)} AS last_activated_at, ${iso(sql`cpc.activated_at`)} AS activated_at,
               ${iso(sql`cpc.updated_at`)} AS updated_at, cpc.activated_by, cpc.activated_by_guid,
               pc.code, COALESCE(v.bonus_name, '') AS bonus_name, cpc.customer_bonus_guid
          FROM customer_promo_codes cpc
          JOIN promo_codes pc ON pc.guid = cpc.promo_code_guid
          LEFT JOIN bonus_campaign_versions v ON v.guid = cpc.promo_code_version_guid
         WHERE ${where}
         ORDER BY cpc.created_at DESC, cpc.guid DESC
         LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
}

/** A promo code with what redemption checks need, by its (upper-case) code. */
export type PromoCodeRow = {
  guid: string;
  bonus_guid: string;
  code: string;
  name: string;
  email: string | null;
  status: "active" | "disabled";
  not_started: boolean;
  ended: boolean;
  used_up: boolean;
  multiple_use: boolean;
  multiple_use_count: number;
  segment_guids: string[];
  country_codes: string[];
  campaign_running: boolean;
  version_guid: string | null;
  bonus_type: string | null;
  bonus_name: string | null;
  is_cumulative: boolean;
};

export async function findPromoCode(executor: SqlExecutor, code: string): Promise<PromoCodeRow | undefined> {
  const [row] = await queryRows<PromoCodeRow>(
    executor,
    sql`SELECT pc.guid, pc.bonus_guid, pc.code, pc.name, pc.email, pc.status,
               COALESCE(pc.start_date > now(), false) AS not_started,
               COALESCE(pc.end_date <= now(), false) AS ended,
               CASE WHEN pc.multiple_use THEN pc.multiple_use_count > 0 AND pc.used_count >= pc.multiple_use_count
                    ELSE pc.used_count >= 1 END AS used_up,
               pc.multiple_use, pc.multiple_use_count, pc.segment_guids::text[] AS segment_guids,
               pc.country_codes::text[] AS country_codes,
               COALESCE(bc.status = 'active' AND v.bonus_trigger = 'promo_code'
                        AND (v.start_date IS NULL OR v.start_date <= now()) AND (v.end_date IS NULL OR v.end_date > now()), false)
                 AS campaign_running,
               v.guid AS version_guid, v.bonus_type, v.bonus_name, COALESCE(v.is_cumulative, false) AS is_cumulative
          FROM promo_codes pc
          JOIN bonus_campaigns bc ON bc.bonus_guid = pc.bonus_guid
          LEFT JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
         WHERE pc.code = ${code}`,
  );
  return row;
}

/** Raises used_count by one unless the limit is reached (one guarded statement); false = used up. */
export async function claimPromoCodeUse(executor: SqlExecutor, promoCodeGuid: string): Promise<boolean> {
  const rows = await queryRows<{ guid: string }>(
    executor,
    sql`UPDATE promo_codes SET used_count = used_count + 1, updated_at = now()
         WHERE guid = ${promoCodeGuid}::uuid AND status = 'active'
           AND CASE WHEN multiple_use THEN multiple_use_count = 0 OR used_count < multiple_use_count ELSE used_count < 1 END
        RETURNING guid`,
  );
  return rows.length > 0;
}
