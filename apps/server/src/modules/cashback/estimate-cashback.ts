import { sql } from "drizzle-orm";
import type { CashbackEstimate } from "@croupier/contract/entities/cashback";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { cashbackCampaignsWithPeriod, iso, payoutAmount } from "./cashback-sql.ts";

/** Rows answered at most (campaigns × the player's wallets). */
export const CASHBACK_ESTIMATES_MAX = 50;

/**
 * GET /bonuses/cashback/estimate: for every running cashback campaign offered to the player (active,
 * within its dates, untargeted or for one of the player's segments) and each of the player's wallets
 * in a currency it has terms for, the running period's net cash loss so far and the cashback it would
 * pay if the period closed now. Cheap: two index range reads of the wallet's own cash account since
 * the period's start. An estimate: the run decides (the engine may still refuse the grant).
 */
export async function estimateCashback(db: Db, playerGuid: string): Promise<CashbackEstimate[]> {
  return queryRows<CashbackEstimate>(
    db,
    sql`SELECT bc.bonus_guid, v.bonus_name, v.cashback_period, w.guid AS wallet_guid, c.code AS currency,
               ${iso(sql`p.period_start`)} AS period_start, ${iso(sql`p.period_end`)} AS period_end,
               trim_scale(t.cashback_percent)::text AS cashback_percent, round(t.max_bonus_sum, c.decimals)::text AS max_bonus_sum,
               round(x.staked - x.returned, c.decimals)::text AS net_loss,
               (SELECT ${payoutAmount} FROM (SELECT x.staked, x.returned) p)::text AS estimate
          FROM ${cashbackCampaignsWithPeriod}
          JOIN wallets w ON w.customer_guid = ${playerGuid}::uuid
          JOIN bonus_campaign_currencies t ON t.version_guid = v.guid AND t.currency_guid = w.currency_guid
          JOIN currencies c ON c.guid = w.currency_guid
          CROSS JOIN LATERAL (
            SELECT COALESCE((SELECT sum(l.amount) FROM ledger_transfers l
                              WHERE l.debit_account_guid = w.cash_account_guid AND l.kind = 'bet' AND l.created_at >= p.period_start), 0) AS staked,
                   COALESCE((SELECT sum(l.amount) FROM ledger_transfers l
                              WHERE l.credit_account_guid = w.cash_account_guid AND l.kind IN ('win', 'rollback')
                                AND l.created_at >= p.period_start), 0) AS returned) x
         WHERE bc.status = 'active'
           AND (v.start_date IS NULL OR v.start_date <= now()) AND (v.end_date IS NULL OR v.end_date > now())
           AND (cardinality(v.segment_guids) = 0
                OR EXISTS (SELECT 1 FROM user_segments us WHERE us.user_guid = ${playerGuid}::uuid AND us.segment_guid = ANY (v.segment_guids)))
         ORDER BY bc.created_at DESC, w.created_at
         LIMIT ${CASHBACK_ESTIMATES_MAX}`,
  );
}
