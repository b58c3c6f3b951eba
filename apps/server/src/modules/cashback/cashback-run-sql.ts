import { sql, type SQL } from "drizzle-orm";
import type { CashbackRunRow } from "@croupier/contract/backoffice/cashback";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { iso } from "./cashback-sql.ts";


/**
 * Runs as staff see them, with live counts and paid totals by currency from the payouts (final
 * figures are also kept on the run once it completes). Bounded by the caller's limit.
 */
export async function selectCashbackRuns(
  executor: SqlExecutor,
  input: { where: SQL; limit: number; offset: number },
): Promise<CashbackRunRow[]> {
  return queryRows<CashbackRunRow>(
    executor,
    sql`SELECT r.guid, r.bonus_guid, r.version_guid, ${iso(sql`r.period_start`)} AS period_start, ${iso(sql`r.period_end`)} AS period_end,
               r.status, r.closed_by, r.staff_guid, f.wallets_count, f.paid_count, f.skipped_count, f.pending_count,
               COALESCE(f.totals, '[]'::json) AS totals,
               ${iso(sql`r.created_at`)} AS created_at,
               CASE WHEN r.completed_at IS NULL THEN NULL ELSE ${iso(sql`r.completed_at`)} END AS completed_at
          FROM cashback_runs r
          CROSS JOIN LATERAL (
            SELECT count(*)::int AS wallets_count,
                   (count(*) FILTER (WHERE p.status = 'paid'))::int AS paid_count,
                   (count(*) FILTER (WHERE p.status = 'skipped'))::int AS skipped_count,
                   (count(*) FILTER (WHERE p.status = 'pending'))::int AS pending_count,
                   (SELECT json_agg(json_build_object('currency', x.code, 'amount', x.amount, 'count', x.n) ORDER BY x.code)
                      FROM (SELECT c.code, round(sum(q.amount), max(c.decimals))::text AS amount, count(*)::int AS n
                              FROM cashback_payouts q JOIN currencies c ON c.guid = q.currency_guid
                             WHERE q.run_guid = r.guid AND q.status = 'paid'
                             GROUP BY c.code) x) AS totals
              FROM cashback_payouts p WHERE p.run_guid = r.guid) f
         WHERE ${input.where}
         ORDER BY r.period_start DESC, r.guid
         LIMIT ${input.limit} OFFSET ${input.offset}`,
  );
}
