import { sql } from "drizzle-orm";
import type { PromoCodeActivationRow } from "@croupier/contract/backoffice/promo-codes";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { iso } from "../bonuses/bonus-sql.ts";

/** GET /promo-codes/:guid/activations: who redeemed the code, newest first, with the bonus it granted. */
export async function listPromoCodeActivations(
  db: Db,
  input: { guid: string; page: number; perPage: number },
): Promise<{ items: PromoCodeActivationRow[]; pager: Pager }> {
  const [code] = await queryRows<{ guid: string }>(db, sql`SELECT guid FROM promo_codes WHERE guid = ${input.guid}::uuid`);
  if (!code) throw notFound("No promo code with this id.");
  const items = await queryRows<PromoCodeActivationRow>(
    db,
    sql`SELECT cpc.guid, cpc.customer_guid, u.email AS customer_email, cpc.status, cpc.activated_by,
               ${iso(sql`cpc.activated_at`)} AS activated_at, ${iso(sql`cpc.created_at`)} AS created_at,
               cpc.customer_bonus_guid, cb.status AS customer_bonus_status
          FROM customer_promo_codes cpc
          JOIN users u ON u.guid = cpc.customer_guid
          LEFT JOIN customer_bonuses cb ON cb.guid = cpc.customer_bonus_guid
         WHERE cpc.promo_code_guid = ${input.guid}::uuid
         ORDER BY cpc.created_at DESC, cpc.guid DESC
         LIMIT ${input.perPage} OFFSET ${(input.page - 1) * input.perPage}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM customer_promo_codes WHERE promo_code_guid = ${input.guid}::uuid`,
  );
  return { items, pager: { page: input.page, per_page: input.perPage, total: count?.total ?? 0 } };
}
