import { sql } from "drizzle-orm";
import type { CoinShopItem } from "@croupier/contract/entities/loyalty";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** Coin bonuses on sale at once, at most (a shop page, not a catalogue). */
export const COIN_SHOP_MAX = 50;

/**
 * GET /loyalty/coin-shop: coin-type campaigns on sale now (active, within their dates, a coin price
 * above 0, untargeted or for one of the player's segments), cheapest first, with what each pays per
 * currency. Whether this player can still buy one (once-only campaigns, exclusions) is decided by
 * the exchange itself (grantBonus).
 */
export async function listCoinShop(db: SqlExecutor, playerGuid: string): Promise<CoinShopItem[]> {
  return queryRows<CoinShopItem>(
    db,
    sql`SELECT c.bonus_guid, v.bonus_name, v.description, v.icon, trim_scale(v.coin_price)::text AS coin_price,
               trim_scale(v.bonus_wager)::text AS bonus_wager,
               COALESCE((SELECT json_agg(json_build_object('currency_guid', cur.guid, 'currency_code', cur.code,
                                                          'amount', round(t.max_bonus_sum, cur.decimals)::text) ORDER BY cur.code)
                           FROM bonus_campaign_currencies t JOIN currencies cur ON cur.guid = t.currency_guid
                          WHERE t.version_guid = v.guid), '[]'::json) AS amounts
          FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
         WHERE c.status = 'active' AND v.bonus_type = 'coin' AND v.coin_price > 0
           AND (v.start_date IS NULL OR v.start_date <= now()) AND (v.end_date IS NULL OR v.end_date > now())
           AND (cardinality(v.segment_guids) = 0
                OR EXISTS (SELECT 1 FROM user_segments us WHERE us.user_guid = ${playerGuid}::uuid AND us.segment_guid = ANY(v.segment_guids)))
         ORDER BY v.coin_price, v.bonus_name
         LIMIT ${COIN_SHOP_MAX}`,
  );
}
