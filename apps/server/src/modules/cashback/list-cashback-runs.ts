import { sql } from "drizzle-orm";
import type { CashbackRunRow, CashbackRunsQuery } from "@croupier/contract/backoffice/cashback";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { selectCashbackRuns } from "./cashback-run-sql.ts";

/** A cashback campaign's runs, newest period first, with live counts and paid totals. */
export async function listCashbackRuns(
  db: Db,
  bonusGuid: string,
  query: CashbackRunsQuery,
): Promise<{ items: CashbackRunRow[]; pager: Pager }> {
  const [campaign] = await queryRows<{ bonus_type: string }>(
    db,
    sql`SELECT v.bonus_type FROM bonus_campaigns bc JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
         WHERE bc.bonus_guid = ${bonusGuid}::uuid`,
  );
  if (!campaign) throw notFound("No bonus campaign with this id.");
  const page = Number(query.page ?? 1);
  const perPage = Number(query.per_page ?? 25);
  const where = sql`r.bonus_guid = ${bonusGuid}::uuid`;
  const items = await selectCashbackRuns(db, { where, limit: perPage, offset: (page - 1) * perPage });
  const [total] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM cashback_runs r WHERE ${where}`);
  return { items, pager: { page, per_page: perPage, total: total?.n ?? 0 } };
}
