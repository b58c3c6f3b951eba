import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { grantBonus } from "../bonuses/engine/grant-bonus.ts";
import { payoutAmount } from "./cashback-sql.ts";

/** Grants per run and pass (each in its own transaction). */
export const CASHBACK_GRANTS_PER_PASS = 100;
/** Payouts with nothing to pay closed per statement. */
export const CASHBACK_SKIPS_PER_PASS = 1_000;

export type CashbackPayReport = { paid: number; skipped: number; failed: number; completed: number };

/** period_end: ISO with microseconds (the grant's earnedUntil). */
type PayingRun = { guid: string; version_guid: string; period_end: string };

/**
 * Pays one counted run, boundedly: first the wallets with nothing to pay (no net loss, or an amount
 * that truncates to 0) are closed as skipped in one statement, then up to CASHBACK_GRANTS_PER_PASS
 * wallets are granted their cashback, each in its own transaction: the payout row is locked (SKIP
 * LOCKED: two processes never handle one wallet at once) and still pending, the amount is computed in
 * SQL, and grantBonus (source key `cashback:{run}:{wallet}`, UNIQUE, earnedUntil the period's end)
 * grants it as the run's version, which also decides eligibility (exclusions, segments, campaign state;
 * a period within an ended campaign's life is still paid): a refusal is recorded as the skip reason. A crash between the grant and the payout update is impossible (one transaction), and a
 * replay finds the source key taken ("duplicate") and records the same bonus. When nothing is pending
 * the run completes with its final counts.
 */
export async function payCashbackRun(db: Db, run: PayingRun, log: FastifyBaseLogger): Promise<CashbackPayReport> {
  const report: CashbackPayReport = { paid: 0, skipped: 0, failed: 0, completed: 0 };
  const skipped = await queryRows<{ wallet_guid: string }>(
    db,
    sql`UPDATE cashback_payouts u
           SET status = 'skipped', amount = z.amount, updated_at = now(),
               reason = CASE WHEN z.loss <= 0 THEN 'no net loss in the period' ELSE 'the cashback rounds down to nothing' END
          FROM (SELECT p.wallet_guid, p.staked - p.returned AS loss, ${payoutAmount} AS amount
                  FROM cashback_payouts p
                  JOIN currencies c ON c.guid = p.currency_guid
                  JOIN bonus_campaign_currencies t ON t.version_guid = ${run.version_guid}::uuid AND t.currency_guid = p.currency_guid
                 WHERE p.run_guid = ${run.guid}::uuid AND p.status = 'pending' AND ${payoutAmount} <= 0
                 LIMIT ${CASHBACK_SKIPS_PER_PASS}) z
         WHERE u.run_guid = ${run.guid}::uuid AND u.wallet_guid = z.wallet_guid AND u.status = 'pending'
        RETURNING u.wallet_guid`,
  );
  report.skipped += skipped.length;

  const candidates = await queryRows<{ wallet_guid: string }>(
    db,
    sql`SELECT wallet_guid FROM cashback_payouts WHERE run_guid = ${run.guid}::uuid AND status = 'pending'
         ORDER BY wallet_guid LIMIT ${CASHBACK_GRANTS_PER_PASS}`,
  );
  for (const candidate of candidates) {
    try {
      const outcome = await payOneWallet(db, run, candidate.wallet_guid);
      if (outcome === "paid") report.paid += 1;
      else if (outcome === "skipped") report.skipped += 1;
    } catch (error) {
      // Retried on the next pass; one player's failure never stops the others.
      report.failed += 1;
      log.error({ err: error, run_guid: run.guid, wallet_guid: candidate.wallet_guid }, "cashback grant failed");
    }
  }

  const completed = await queryRows<{ guid: string }>(
    db,
    sql`UPDATE cashback_runs r
           SET status = 'completed', completed_at = now(), updated_at = now(),
               wallets_count = f.wallets, paid_count = f.paid, skipped_count = f.skipped
          FROM (SELECT count(*)::int AS wallets, (count(*) FILTER (WHERE status = 'paid'))::int AS paid,
                       (count(*) FILTER (WHERE status = 'skipped'))::int AS skipped
                  FROM cashback_payouts WHERE run_guid = ${run.guid}::uuid) f
         WHERE r.guid = ${run.guid}::uuid AND r.status = 'paying'
           AND NOT EXISTS (SELECT 1 FROM cashback_payouts p WHERE p.run_guid = r.guid AND p.status = 'pending')
        RETURNING r.guid`,
  );
  report.completed += completed.length;
  return report;
}

async function payOneWallet(db: Db, run: PayingRun, walletGuid: string): Promise<"paid" | "skipped" | "busy"> {
  return db.transaction(async (tx) => {
    const [payout] = await queryRows<{ customer_guid: string; currency_guid: string; amount: string | null; payable: boolean | null }>(
      tx,
      sql`SELECT p.customer_guid, p.currency_guid, (${payoutAmount})::text AS amount, ${payoutAmount} > 0 AS payable
            FROM cashback_payouts p
            JOIN currencies c ON c.guid = p.currency_guid
            LEFT JOIN bonus_campaign_currencies t ON t.version_guid = ${run.version_guid}::uuid AND t.currency_guid = p.currency_guid
           WHERE p.run_guid = ${run.guid}::uuid AND p.wallet_guid = ${walletGuid}::uuid AND p.status = 'pending'
           FOR UPDATE OF p SKIP LOCKED`,
    );
    if (!payout) return "busy";
    const amount = payout.amount;
    if (amount === null || !payout.payable) {
      await tx.execute(
        sql`UPDATE cashback_payouts SET status = 'skipped', amount = ${amount}::numeric, reason = 'nothing to pay', updated_at = now()
             WHERE run_guid = ${run.guid}::uuid AND wallet_guid = ${walletGuid}::uuid`,
      );
      return "skipped";
    }
    const result = await grantBonus(tx, {
      versionGuid: run.version_guid,
      playerGuid: payout.customer_guid,
      currencyGuid: payout.currency_guid,
      trigger: "scheduled",
      sourceKey: `cashback:${run.guid}:${walletGuid}`,
      amount: plainDecimal(amount),
      // The cashback pays for play up to the period's end: the engine still pays it after the campaign
      // ended, as long as the period lies within the campaign's life.
      earnedUntil: run.period_end,
    });
    if (result.status === "ineligible") {
      await tx.execute(
        sql`UPDATE cashback_payouts SET status = 'skipped', amount = ${amount}::numeric, reason = ${result.reason.slice(0, 200)}, updated_at = now()
             WHERE run_guid = ${run.guid}::uuid AND wallet_guid = ${walletGuid}::uuid`,
      );
      return "skipped";
    }
    await tx.execute(
      sql`UPDATE cashback_payouts SET status = 'paid', amount = ${amount}::numeric, customer_bonus_guid = ${result.customerBonusGuid}::uuid,
                 reason = NULL, updated_at = now()
           WHERE run_guid = ${run.guid}::uuid AND wallet_guid = ${walletGuid}::uuid`,
    );
    return "paid";
  });
}

/** grantBonus takes at most 18 fraction digits; numeric text may carry the scale's trailing zeros. */
function plainDecimal(value: string): string {
  return value.includes(".") ? value.replace(/0+$/, "").replace(/\.$/, "") : value;
}
