import { sql } from "drizzle-orm";
import { CASHBACK_CAMPAIGNS_MAX, type CashbackCampaignRow } from "@croupier/contract/backoffice/cashback";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { cashbackCampaignsWithPeriod, iso } from "./cashback-sql.ts";

/** Cashback campaigns (not drafts), newest first, each with its running period and last run. */
export async function listCashbackCampaigns(db: Db): Promise<CashbackCampaignRow[]> {
  return queryRows<CashbackCampaignRow>(
    db,
    sql`SELECT bc.bonus_guid, v.bonus_name, bc.status, v.cashback_period,
               ${iso(sql`p.period_start`)} AS current_period_start, ${iso(sql`p.period_end`)} AS current_period_end,
               (SELECT count(*)::int FROM cashback_runs r WHERE r.bonus_guid = bc.bonus_guid) AS runs_count,
               (SELECT r.status FROM cashback_runs r WHERE r.bonus_guid = bc.bonus_guid ORDER BY r.period_end DESC LIMIT 1) AS last_run_status
          FROM ${cashbackCampaignsWithPeriod}
         WHERE bc.status <> 'draft'
         ORDER BY bc.created_at DESC, bc.bonus_guid
         LIMIT ${CASHBACK_CAMPAIGNS_MAX}`,
  );
}
