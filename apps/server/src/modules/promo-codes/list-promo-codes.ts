import { sql } from "drizzle-orm";
import type { PromoCodesQuery, StaffPromoCode } from "@croupier/contract/backoffice/promo-codes";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { selectStaffPromoCodes } from "./staff-promo-code-sql.ts";

/** GET /promo-codes (staff): filtered by campaign, batch, status and the start of the code; newest first. */
export async function listPromoCodes(db: Db, query: PromoCodesQuery): Promise<{ items: StaffPromoCode[]; pager: Pager }> {
  const filters = [sql`true`];
  if (query.bonus_guid) filters.push(sql`pc.bonus_guid = ${query.bonus_guid}::uuid`);
  if (query.batch_guid) filters.push(sql`pc.batch_guid = ${query.batch_guid}::uuid`);
  if (query.status) filters.push(sql`pc.status = ${query.status}`);
  if (query.code) {
    // A prefix match on the upper-case code uses the unique index; LIKE's wildcards are escaped.
    const prefix = query.code.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    filters.push(sql`pc.code LIKE ${`${prefix}%`}`);
  }
  const where = sql.join(filters, sql` AND `);
  const items = await selectStaffPromoCodes(db, where, { limit: query.per_page, offset: (query.page - 1) * query.per_page });
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM promo_codes pc WHERE ${where}`);
  return { items, pager: { page: query.page, per_page: query.per_page, total: count?.total ?? 0 } };
}
