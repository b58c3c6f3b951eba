import { sql } from "drizzle-orm";
import type { RakebackStaffClaim } from "@croupier/contract/backoffice/rakeback";
import type { Pager } from "@croupier/contract/envelope";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso } from "./rakeback-sql.ts";
import { rakebackStaffFilter } from "./rakeback-staff-filter.ts";

type Query = { player_guid?: string; bonus_guid?: string; page: number; per_page: number };

/** Claims, newest first; filter by player and/or campaign. */
export async function listStaffRakebackClaims(db: SqlExecutor, q: Query): Promise<{ items: RakebackStaffClaim[]; pager: Pager }> {
  const where = rakebackStaffFilter("k", q);
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM rakeback_claims k WHERE ${where}`);
  const items = await queryRows<RakebackStaffClaim>(
    db,
    sql`SELECT k.guid, k.customer_guid AS player_guid, k.wallet_guid, c.code AS currency, trim_scale(k.amount)::text AS amount, k.payout,
               k.bonus_guid, v.bonus_name, k.customer_bonus_guid, k.ledger_transfer_guid, ${iso(sql`k.created_at`)} AS created_at
          FROM rakeback_claims k
          JOIN currencies c ON c.guid = k.currency_guid
          LEFT JOIN bonus_campaign_versions v ON v.guid = k.version_guid
         WHERE ${where}
         ORDER BY k.created_at DESC, k.guid
         LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  );
  return { items, pager: { page: q.page, per_page: q.per_page, total: count?.total ?? 0 } };
}
