import { sql, type SQL } from "drizzle-orm";
import type { CashbackPayoutRow, CashbackPayoutsQuery } from "@croupier/contract/backoffice/cashback";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";

/** One run's payouts (one per wallet with cash play in the period), largest loss first. */
export async function listCashbackPayouts(
  db: Db,
  runGuid: string,
  query: CashbackPayoutsQuery,
): Promise<{ items: CashbackPayoutRow[]; pager: Pager }> {
  const [run] = await queryRows<{ guid: string }>(db, sql`SELECT guid FROM cashback_runs WHERE guid = ${runGuid}::uuid`);
  if (!run) throw notFound("No cashback run with this id.");
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? 50);
  const filters: SQL[] = [sql`p.run_guid = ${runGuid}::uuid`];
  if (query.status) filters.push(sql`p.status = ${query.status}`);
  const where = sql.join(filters, sql` AND `);
  const items = await queryRows<CashbackPayoutRow>(
    db,
    sql`SELECT p.wallet_guid, p.customer_guid, u.email, c.code AS currency,
               round(p.staked, c.decimals)::text AS staked, round(p.returned, c.decimals)::text AS returned,
               round(p.staked - p.returned, c.decimals)::text AS net_loss,
               round(p.amount, c.decimals)::text AS amount, p.status, p.customer_bonus_guid, p.reason
          FROM cashback_payouts p
          JOIN currencies c ON c.guid = p.currency_guid
          LEFT JOIN users u ON u.guid = p.customer_guid
         WHERE ${where}
         ORDER BY p.staked - p.returned DESC, p.wallet_guid
         LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  const [total] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM cashback_payouts p WHERE ${where}`);
  return { items, pager: { page, per_page: perPage, total: total?.n ?? 0 } };
}
