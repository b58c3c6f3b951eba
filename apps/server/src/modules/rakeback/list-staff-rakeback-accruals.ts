import { sql } from "drizzle-orm";
import type { RakebackStaffAccrual } from "@croupier/contract/backoffice/rakeback";
import type { Pager } from "@croupier/contract/envelope";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso } from "./rakeback-sql.ts";
import { rakebackStaffFilter } from "./rakeback-staff-filter.ts";

type Query = { player_guid?: string; bonus_guid?: string; page: number; per_page: number };

/** Accruals (one per real-money bet), newest first; filter by player and/or campaign. */
export async function listStaffRakebackAccruals(db: SqlExecutor, q: Query): Promise<{ items: RakebackStaffAccrual[]; pager: Pager }> {
  const where = rakebackStaffFilter("a", q);
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM rakeback_accruals a WHERE ${where}`);
  const items = await queryRows<RakebackStaffAccrual>(
    db,
    sql`SELECT a.game_transaction_guid, a.customer_guid AS player_guid, c.code AS currency, a.bonus_guid, v.bonus_name, a.game_class,
               trim_scale(a.stake)::text AS stake, trim_scale(a.percent)::text AS percent, trim_scale(a.amount)::text AS amount,
               a.reversed_by IS NOT NULL AS reversed, ${iso(sql`a.bet_at`)} AS bet_at, ${iso(sql`a.created_at`)} AS created_at
          FROM rakeback_accruals a
          JOIN currencies c ON c.guid = a.currency_guid
          LEFT JOIN bonus_campaign_versions v ON v.guid = a.version_guid
         WHERE ${where}
         ORDER BY a.created_at DESC, a.game_transaction_guid
         LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  );
  return { items, pager: { page: q.page, per_page: q.per_page, total: count?.total ?? 0 } };
}
