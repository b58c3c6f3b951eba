import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { PromoCode } from "@croupier/contract/entities/promo-code";
import { queryRows } from "../../lib/sql-executor.ts";
import { iso } from "../bonuses/bonus-sql.ts";

/**
 * POST /promocodes/enrich: the seed's Promo code entity for the given promo code guids, only those the
 * player redeemed (anything else is left out, so guids of other codes reveal nothing), in the order asked.
 */
export async function enrichPromoCodes(db: Db, input: { playerGuid: string; guids: string[] }): Promise<PromoCode[]> {
  const rows = await queryRows<PromoCode>(
    db,
    sql`SELECT pc.guid, pc.email, pc.name, pc.conditions, ${iso(sql`pc.end_date`)} AS expired_at, cpc.activated_by,
               ${iso(sql`pc.end_date`)} AS end_date, pc.code
          FROM customer_promo_codes cpc JOIN promo_codes pc ON pc.guid = cpc.promo_code_guid
         WHERE cpc.customer_guid = ${input.playerGuid}::uuid AND cpc.promo_code_guid = ANY(${sql.param(input.guids)}::uuid[])`,
  );
  const byGuid = new Map(rows.map((row) => [row.guid, row]));
  return [...new Set(input.guids)].flatMap((guid) => byGuid.get(guid) ?? []);
}
