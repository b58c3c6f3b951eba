import { sql } from "drizzle-orm";
import type { RakebackStaffBalance } from "@croupier/contract/backoffice/rakeback";
import type { Pager } from "@croupier/contract/envelope";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { iso } from "./rakeback-sql.ts";
import { rakebackStaffFilter } from "./rakeback-staff-filter.ts";

type Query = { player_guid?: string; bonus_guid?: string; page: number; per_page: number };

/**
 * Rakeback balances (per wallet), most recently accrued first; filter by player and/or last campaign.
 * The rows carry players' emails: a bulk read of personal data, so it is audited (the filters and how
 * many rows, never the rows).
 */
export async function listStaffRakebackBalances(
  db: SqlExecutor,
  actor: AuditActor,
  q: Query,
): Promise<{ items: RakebackStaffBalance[]; pager: Pager }> {
  const where = rakebackStaffFilter("rb", q);
  const [count] = await queryRows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM rakeback_balances rb WHERE ${where}`);
  const items = await queryRows<RakebackStaffBalance>(
    db,
    sql`SELECT rb.wallet_guid, rb.customer_guid AS player_guid, u.email, c.code AS currency,
               trim_scale(rb.accrued)::text AS accrued, trim_scale(rb.claimed)::text AS claimed,
               trunc(GREATEST(rb.accrued - rb.claimed, 0), c.decimals)::text AS available,
               rb.bonus_guid, v.bonus_name, ${iso(sql`rb.last_accrual_at`)} AS last_accrual_at, ${iso(sql`rb.last_claim_at`)} AS last_claim_at
          FROM rakeback_balances rb
          JOIN currencies c ON c.guid = rb.currency_guid
          LEFT JOIN users u ON u.guid = rb.customer_guid
          LEFT JOIN bonus_campaigns bc ON bc.bonus_guid = rb.bonus_guid
          LEFT JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
         WHERE ${where}
         ORDER BY rb.last_accrual_at DESC NULLS LAST, rb.wallet_guid
         LIMIT ${q.per_page} OFFSET ${(q.page - 1) * q.per_page}`,
  );
  await recordAudit(db, actor, {
    action: "rakeback.balances.read",
    playerId: q.player_guid ?? null,
    details: { bonus_guid: q.bonus_guid ?? null, page: q.page, count: items.length },
  });
  return { items, pager: { page: q.page, per_page: q.per_page, total: count?.total ?? 0 } };
}
