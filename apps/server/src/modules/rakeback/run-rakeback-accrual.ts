import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { applicableRakebackCampaign } from "./rakeback-sql.ts";
import { scanGameTransactions, type ScannedGameTransaction } from "../ledger/scan-game-transactions.ts";

/** The scan cursor's name: every game transaction is handed to this consumer exactly once. */
export const RAKEBACK_CONSUMER = "rakeback";
/** Game transactions per scan transaction. */
export const RAKEBACK_BATCH = 1_000;
/** Scan transactions per pass, so one pass stays bounded however far behind the cursor is. */
const BATCHES_PER_PASS = 5;

/**
 * Accrues rakeback from new game transactions, off the bet path (issue #18, ADR 035). Each batch runs
 * in the scan's own transaction together with the cursor move, so a bet accrues exactly once and a
 * crash loses nothing. Two processes at once: the cursor row is locked, the second one skips.
 */
export async function runRakebackAccrual(db: Db, _log: FastifyBaseLogger): Promise<Record<string, number>> {
  const report = { scanned: 0, accrued: 0, reversed: 0 };
  for (let i = 0; i < BATCHES_PER_PASS; i += 1) {
    const handled = await scanGameTransactions(db, {
      consumer: RAKEBACK_CONSUMER,
      batch: RAKEBACK_BATCH,
      handle: async (tx, rows) => {
        report.accrued += await accrueBets(tx, rows);
        report.reversed += await reverseRolledBackBets(tx, rows);
      },
    });
    report.scanned += handled;
    if (handled < RAKEBACK_BATCH) break;
  }
  // Empty when nothing happened, so the job loop logs only passes that did something.
  return Object.fromEntries(Object.entries(report).filter(([, n]) => n > 0));
}

/** A Postgres uuid[] literal (the values are uuids from our own rows). */
function uuidArray(guids: string[]): string {
  return `{${guids.join(",")}}`;
}

/**
 * One accrual per real-money bet: the cash part of the stake (a free spin or bonus money is not a
 * real stake) × the rate of its game class in the campaign that applies at the bet's time
 * (applicableRakebackCampaign), unrounded. Locked, staff and excluded players accrue nothing.
 */
async function accrueBets(tx: SqlExecutor, rows: ScannedGameTransaction[]): Promise<number> {
  const bets = rows.filter((r) => r.operation === "bet" && !r.freespin && (r.game_class === "slots" || r.game_class === "live"));
  if (bets.length === 0) return 0;
  const slots = uuidArray(bets.filter((r) => r.game_class === "slots").map((r) => r.guid));
  const live = uuidArray(bets.filter((r) => r.game_class === "live").map((r) => r.guid));
  const inserted = await queryRows<{ n: number }>(
    tx,
    sql`WITH classed AS (
          SELECT guid, 'slots'::text AS game_class FROM unnest(${slots}::uuid[]) AS guid
          UNION ALL
          SELECT guid, 'live'::text FROM unnest(${live}::uuid[]) AS guid),
        bets AS (
          SELECT t.guid, t.user_guid, t.wallet_guid, t.currency_guid, k.game_class, t.bet_sum - t.bonus_bet AS stake, t.created_at
            FROM classed k JOIN game_transactions t ON t.guid = k.guid
           WHERE t.operation = 'bet' AND NOT t.freespin AND t.bet_sum - t.bonus_bet > 0),
        players AS (
          SELECT p.user_guid FROM (SELECT DISTINCT user_guid FROM bets) p
            JOIN users u ON u.guid = p.user_guid AND u.status = 'active' AND NOT u.is_admin
           WHERE NOT player_excluded(p.user_guid)),
        picked AS (
          SELECT b.*, camp.bonus_guid, camp.version_guid,
                 CASE b.game_class WHEN 'slots' THEN camp.slots_percent ELSE camp.live_percent END AS percent
            FROM bets b
            JOIN players p ON p.user_guid = b.user_guid
            CROSS JOIN LATERAL ${applicableRakebackCampaign({ userGuid: sql`b.user_guid`, currencyGuid: sql`b.currency_guid`, at: sql`b.created_at` })} camp
           WHERE CASE b.game_class WHEN 'slots' THEN camp.slots_percent ELSE camp.live_percent END > 0),
        accrued AS (
          INSERT INTO rakeback_accruals (game_transaction_guid, wallet_guid, customer_guid, currency_guid, bonus_guid, version_guid,
                                         game_class, stake, percent, amount, bet_at)
          SELECT guid, wallet_guid, user_guid, currency_guid, bonus_guid, version_guid, game_class, stake, percent,
                 stake * percent / 100, created_at
            FROM picked
          ON CONFLICT (game_transaction_guid) DO NOTHING
          RETURNING wallet_guid, customer_guid, currency_guid, bonus_guid, amount, bet_at),
        balances AS (
          INSERT INTO rakeback_balances AS rb (wallet_guid, customer_guid, currency_guid, accrued, bonus_guid, last_accrual_at)
          SELECT wallet_guid, customer_guid, currency_guid, sum(amount), (array_agg(bonus_guid ORDER BY bet_at DESC))[1], max(bet_at)
            FROM accrued GROUP BY wallet_guid, customer_guid, currency_guid
          ON CONFLICT (wallet_guid) DO UPDATE
            SET accrued = rb.accrued + EXCLUDED.accrued, bonus_guid = EXCLUDED.bonus_guid,
                last_accrual_at = GREATEST(rb.last_accrual_at, EXCLUDED.last_accrual_at), updated_at = now()
          RETURNING 1)
        SELECT (SELECT count(*) FROM accrued)::int AS n, (SELECT count(*) FROM balances)::int AS balances`,
  );
  return inserted[0]?.n ?? 0;
}

/**
 * A rollback refunds its bet, so the bet's accrual (if it had one) is taken back from the balance.
 * The rollback row names its bet's game transaction (correlation_guid); `reversed_by IS NULL` makes
 * it happen once. The balance may go below what was claimed: later accruals repay it first.
 */
async function reverseRolledBackBets(tx: SqlExecutor, rows: ScannedGameTransaction[]): Promise<number> {
  const rollbacks = rows.filter((r) => r.operation === "rollback" && r.correlation_guid !== null);
  if (rollbacks.length === 0) return 0;
  const rollbackGuids = uuidArray(rollbacks.map((r) => r.guid));
  const betGuids = uuidArray(rollbacks.map((r) => r.correlation_guid!));
  const reversed = await queryRows<{ n: number }>(
    tx,
    sql`WITH pairs AS (
          SELECT * FROM unnest(${rollbackGuids}::uuid[], ${betGuids}::uuid[]) AS p(rollback_guid, bet_guid)),
        reversed AS (
          UPDATE rakeback_accruals a SET reversed_by = p.rollback_guid, reversed_at = now()
            FROM pairs p
           WHERE a.game_transaction_guid = p.bet_guid AND a.reversed_by IS NULL
          RETURNING a.wallet_guid, a.amount),
        balances AS (
          UPDATE rakeback_balances b SET accrued = b.accrued - s.amount, updated_at = now()
            FROM (SELECT wallet_guid, sum(amount) AS amount FROM reversed GROUP BY wallet_guid) s
           WHERE b.wallet_guid = s.wallet_guid
          RETURNING 1)
        SELECT (SELECT count(*) FROM reversed)::int AS n, (SELECT count(*) FROM balances)::int AS balances`,
  );
  return reversed[0]?.n ?? 0;
}
