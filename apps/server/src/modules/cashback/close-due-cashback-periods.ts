import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { CASHBACK_SAFETY_LAG_SECONDS, cashbackCampaignsWithPeriod, periodsStillClose } from "./cashback-sql.ts";

/** Campaigns looked at per pass; a campaign many periods behind closes one period per pass. */
export const CASHBACK_CAMPAIGNS_PER_PASS = 20;

/**
 * Closes every cashback period whose calendar end has passed: one `counting` run per campaign and
 * pass, starting exactly where the campaign's last run ended. UNIQUE (campaign, period_start) makes a
 * race with another process, or with a staff "close now", insert one run only. Returns how many
 * runs it opened.
 */
export async function closeDueCashbackPeriods(db: Db): Promise<number> {
  const opened = await queryRows<{ guid: string }>(
    db,
    sql`INSERT INTO cashback_runs (bonus_guid, version_guid, period_start, period_end, closed_by)
        SELECT bc.bonus_guid, v.guid, p.period_start, p.period_end, 'schedule'
          FROM ${cashbackCampaignsWithPeriod}
         WHERE ${periodsStillClose}
           AND p.period_end <= now() - make_interval(secs => ${CASHBACK_SAFETY_LAG_SECONDS})
         ORDER BY p.period_end
         LIMIT ${CASHBACK_CAMPAIGNS_PER_PASS}
        ON CONFLICT (bonus_guid, period_start) DO NOTHING
        RETURNING guid`,
  );
  return opened.length;
}
