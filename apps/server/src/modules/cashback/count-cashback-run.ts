import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { periodSettled } from "./cashback-sql.ts";

/** Ledger transfers tallied per transaction. */
export const CASHBACK_COUNT_SLICE = 5_000;
/** Slices per run and pass: a long week of play is tallied over several passes. */
export const CASHBACK_SLICES_PER_PASS = 10;

type CountingRun = { guid: string; version_guid: string; period_start: string; period_end: string };

/**
 * Tallies a closed period's cash play into the run's payouts, once its open-transaction horizon has
 * passed (periodSettled). Each slice is one transaction: the run row is locked (SKIP LOCKED: another
 * process counting it leaves it alone), up to CASHBACK_COUNT_SLICE bet/win/rollback transfers after
 * the run's cursor are summed per wallet into cashback_payouts, and the cursor moves to the slice's
 * last transfer, so a crash rolls the sums and the cursor back together. Only the wallet's cash
 * pocket counts: bets debited from player_cash, wins and refunds credited to it; bonus-funded play
 * moves player_bonus and never appears. Wallets in currencies the run's version has no terms for are
 * left out. A short slice ends the counting: the run moves to `paying`.
 * Returns the number of transfers tallied.
 */
export async function countCashbackRun(db: Db, run: CountingRun): Promise<number> {
  const [settled] = await queryRows<{ settled: boolean }>(db, periodSettled(run.period_end));
  if (!settled?.settled) return 0;
  let tallied = 0;
  for (let slice = 0; slice < CASHBACK_SLICES_PER_PASS; slice += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [locked] = await queryRows<{ scan_created_at: string | null; scan_guid: string | null }>(
        tx,
        sql`SELECT scan_created_at::text AS scan_created_at, scan_guid FROM cashback_runs
             WHERE guid = ${run.guid}::uuid AND status = 'counting' FOR UPDATE SKIP LOCKED`,
      );
      if (!locked) return { rows: 0, done: true };
      const [result] = await queryRows<{ n: number; last_at: string | null; last_guid: string | null }>(
        tx,
        sql`WITH slice AS MATERIALIZED (
              SELECT t.guid, t.created_at, t.kind, t.amount, t.debit_account_guid, t.credit_account_guid
                FROM ledger_transfers t
               WHERE t.created_at >= ${run.period_start}::timestamptz AND t.created_at < ${run.period_end}::timestamptz
                 AND t.kind IN ('bet', 'win', 'rollback')
                 AND (${locked.scan_created_at}::timestamptz IS NULL
                      OR (t.created_at, t.guid) > (${locked.scan_created_at}::timestamptz, ${locked.scan_guid}::uuid))
               ORDER BY t.created_at, t.guid
               LIMIT ${CASHBACK_COUNT_SLICE}),
            cash AS MATERIALIZED (
              SELECT a.owner, a.currency_guid,
                     sum(CASE WHEN s.kind = 'bet' THEN s.amount ELSE 0 END) AS staked,
                     sum(CASE WHEN s.kind = 'bet' THEN 0 ELSE s.amount END) AS returned
                FROM slice s
                -- A bet debits the cash pocket; a win or refund credits it.
                JOIN ledger_accounts a ON a.guid = CASE WHEN s.kind = 'bet' THEN s.debit_account_guid ELSE s.credit_account_guid END
               WHERE a.kind = 'player_cash'
                 AND EXISTS (SELECT 1 FROM bonus_campaign_currencies bt
                              WHERE bt.version_guid = ${run.version_guid}::uuid AND bt.currency_guid = a.currency_guid)
               GROUP BY a.owner, a.currency_guid),
            tallied AS (
              INSERT INTO cashback_payouts (run_guid, wallet_guid, customer_guid, currency_guid, staked, returned)
              SELECT ${run.guid}::uuid, w.guid, w.customer_guid, w.currency_guid, cash.staked, cash.returned
                FROM cash JOIN wallets w ON w.customer_guid = cash.owner::uuid AND w.currency_guid = cash.currency_guid
              ON CONFLICT (run_guid, wallet_guid) DO UPDATE
                 SET staked = cashback_payouts.staked + EXCLUDED.staked,
                     returned = cashback_payouts.returned + EXCLUDED.returned,
                     updated_at = now()
              RETURNING 1)
            SELECT (SELECT count(*) FROM slice)::int AS n,
                   (SELECT count(*) FROM tallied)::int AS wallets,
                   (SELECT s.created_at::text FROM slice s ORDER BY s.created_at DESC, s.guid DESC LIMIT 1) AS last_at,
                   (SELECT s.guid FROM slice s ORDER BY s.created_at DESC, s.guid DESC LIMIT 1) AS last_guid`,
      );
      const n = result?.n ?? 0;
      if (n < CASHBACK_COUNT_SLICE) {
        await tx.execute(
          sql`UPDATE cashback_runs SET status = 'paying', counted_at = now(), scan_created_at = COALESCE(${result?.last_at ?? null}::timestamptz, scan_created_at),
                     scan_guid = COALESCE(${result?.last_guid ?? null}::uuid, scan_guid), updated_at = now()
               WHERE guid = ${run.guid}::uuid`,
        );
        return { rows: n, done: true };
      }
      await tx.execute(
        sql`UPDATE cashback_runs SET scan_created_at = ${result!.last_at}::timestamptz, scan_guid = ${result!.last_guid}::uuid, updated_at = now()
             WHERE guid = ${run.guid}::uuid`,
      );
      return { rows: n, done: false };
    });
    tallied += outcome.rows;
    if (outcome.done) break;
  }
  return tallied;
}
