import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** One accepted provider call, as the off-the-hot-path consumers read it. Amounts are decimal strings. */
export type ScannedGameTransaction = {
  guid: string;
  seq: number;
  user_guid: string;
  wallet_guid: string;
  currency_guid: string;
  game_guid: string | null;
  /** The game's lobby section, lower-cased system tag name ("slots" or "live"); null when the game is unknown. */
  game_class: string | null;
  operation: "bet" | "win" | "rollback";
  bet_sum: string;
  win: string;
  bonus_bet: string;
  freespin: boolean;
  correlation_guid: string | null;
  created_at: string;
};

export const SCAN_BATCH_MAX = 5_000;

/**
 * Rows younger than this are left for the next pass even when no transaction is open: a small margin
 * on top of the open-transaction horizon below, which is what makes the scan exact.
 */
const SAFETY_LAG_MS = 1_000;

/**
 * Hands every game transaction to `handle` exactly once per consumer, in (created_at, seq) order, off
 * the hot path. One transaction per call: the consumer's cursor row is locked (another process
 * scanning for the same consumer skips this pass), up to `batch` rows after the cursor are read, the
 * handler writes what it derives in the same transaction, and the cursor moves to the last row. A
 * crash rolls all three back together.
 *
 * Why a horizon: created_at is the inserting transaction's start time, and a transaction may commit
 * long after it started, so a row can appear behind a cursor that already passed its created_at. Only
 * rows older than the start of every transaction still open in this database are read: those rows'
 * transactions have all ended, so nothing can appear before the horizon later.
 *
 * Returns the number of rows handled (0 when there was nothing new or another process held the cursor).
 */
export async function scanGameTransactions(
  db: Db,
  input: { consumer: string; batch: number; handle: (tx: SqlExecutor, rows: ScannedGameTransaction[]) => Promise<void> },
): Promise<number> {
  if (!(input.batch >= 1 && input.batch <= SCAN_BATCH_MAX)) throw new Error(`scanGameTransactions: batch must be 1..${SCAN_BATCH_MAX}`);
  if (input.consumer.length === 0 || input.consumer.length > 64) throw new Error("scanGameTransactions: consumer must be 1..64 characters");
  await db.execute(sql`INSERT INTO scan_cursors (consumer) VALUES (${input.consumer}) ON CONFLICT (consumer) DO NOTHING`);
  return db.transaction(async (tx) => {
    const cursors = await queryRows<{ last_created_at: string | null; last_seq: number; horizon: string }>(
      tx,
      sql`SELECT c.last_created_at, c.last_seq::float8 AS last_seq,
                 LEAST(now() - make_interval(secs => ${SAFETY_LAG_MS / 1000}),
                       (SELECT min(a.xact_start) FROM pg_stat_activity a
                         WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL
                           -- Only sessions that can insert rows: an autovacuum worker's long pass would stall every consumer.
                           AND a.backend_type = 'client backend'))::text AS horizon
            FROM scan_cursors c WHERE c.consumer = ${input.consumer} FOR UPDATE SKIP LOCKED`,
    );
    const cursor = cursors[0];
    if (!cursor) return 0;
    const rows = await queryRows<ScannedGameTransaction>(
      tx,
      sql`SELECT t.guid, t.seq::float8 AS seq, t.user_guid, t.wallet_guid, t.currency_guid, t.game_guid, lower(st.name) AS game_class,
                 t.operation, t.bet_sum::text AS bet_sum, t.win::text AS win, t.bonus_bet::text AS bonus_bet, t.freespin,
                 t.correlation_guid, t.created_at::text AS created_at
            FROM game_transactions t
            LEFT JOIN games g ON g.guid = t.game_guid
            LEFT JOIN tags st ON st.guid = g.system_tag_guid
           WHERE t.created_at < ${cursor.horizon}::timestamptz
             -- Game transactions only: not the keys a rollback claimed without money (ADR 040).
             AND t.operation IN ('bet', 'win', 'rollback')
             AND (${cursor.last_created_at}::timestamptz IS NULL
                  OR (t.created_at, t.seq) > (${cursor.last_created_at}::timestamptz, ${cursor.last_seq}::bigint))
           ORDER BY t.created_at, t.seq
           LIMIT ${input.batch}`,
    );
    if (rows.length === 0) return 0;
    await input.handle(tx, rows);
    const last = rows[rows.length - 1]!;
    await tx.execute(
      sql`UPDATE scan_cursors SET last_created_at = ${last.created_at}::timestamptz, last_seq = ${last.seq}::bigint, updated_at = now()
           WHERE consumer = ${input.consumer}`,
    );
    return rows.length;
  });
}
