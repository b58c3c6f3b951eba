import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { Pager } from "@croupier/contract/envelope";
import type { CustomerPromoCode } from "@croupier/contract/entities/promo-code";
import { queryRows } from "../../lib/sql-executor.ts";
import { selectCustomerPromoCodes } from "./promo-code-sql.ts";

/** GET /promocodes: the player's redeemed codes, newest first, paged. */
export async function listCustomerPromoCodes(
  db: Db,
  input: { playerGuid: string; page: number; perPage: number },
): Promise<{ items: CustomerPromoCode[]; pager: Pager }> {
  const where = sql`cpc.customer_guid = ${input.playerGuid}::uuid`;
  const items = await selectCustomerPromoCodes(db, where, { limit: input.perPage, offset: (input.page - 1) * input.perPage });
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM customer_promo_codes cpc WHERE ${where}`);
  return { items, pager: { page: input.page, per_page: input.perPage, total: count?.total ?? 0 } };
}
