import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { rowsOf } from "./rows-of.ts";

export type OutboxEvent = {
  id: string;
  event_id: string;
  user_guid: string | null;
  session_guid: string | null;
  type: string;
  payload: unknown;
};

/** Any 64-bit constant works; it only has to be the same in every server process. */
const DISPATCH_LOCK_KEY = 7_341_002_118;
export const OUTBOX_BATCH_MAX = 500;

export type ClaimResult = { busy: true } | { busy: false; handled: number; full: boolean };

/**
 * Claims one batch of undelivered events, hands them to `deliver` in id order and commits.
 * The claim (delivered_at = now()) only becomes visible when `deliver` has returned, so an
 * emit that throws or a process that dies mid-batch leaves the rows undelivered for the
 * next run: at-least-once, clients drop duplicates by event_id.
 *
 * One process dispatches at a time (transaction-level advisory lock) so a player sees events
 * in the order they were written, whichever process emits them; the others report `busy`
 * and rely on the lock holder, which hears the same NOTIFY, to pick up new rows.
 * SKIP LOCKED keeps the claim safe even without that lock.
 */
export async function claimOutboxEvents(
  db: Db,
  deliver: (events: OutboxEvent[]) => void | Promise<void>,
  batchSize = OUTBOX_BATCH_MAX,
): Promise<ClaimResult> {
  const limit = Math.min(Math.max(1, Math.trunc(batchSize)), OUTBOX_BATCH_MAX);
  return db.transaction(async (tx) => {
    // Bitmap scans off for this transaction: delivered rows leave dead entries
    // in the partial index until VACUUM, and only a plain index scan marks them
    // dead so the next claim skips them; a bitmap scan revisits every one of
    // them in the heap on every claim (milliseconds per claim under load).
    const lock = rowsOf<{ locked: boolean }>(
      await tx.execute(
        sql`SELECT set_config('enable_bitmapscan', 'off', true) IS NOT NULL
                   AND pg_try_advisory_xact_lock(${DISPATCH_LOCK_KEY}::bigint) AS locked`,
      ),
    );
    if (!lock[0]?.locked) return { busy: true } as const;
    const claimed = rowsOf<OutboxEvent & { id: string | number | bigint }>(
      await tx.execute(sql`
        UPDATE outbox_events SET delivered_at = now()
         WHERE id IN (
           SELECT id FROM outbox_events
            WHERE delivered_at IS NULL
            ORDER BY id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
        RETURNING id, event_id, user_guid, session_guid, type, payload`),
    );
    // RETURNING has no defined order; ids are bigint (a string from node-postgres).
    const events = claimed
      .map((row) => ({ ...row, id: String(row.id) }))
      .sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
    if (events.length > 0) await deliver(events);
    return { busy: false, handled: events.length, full: events.length === limit } as const;
  });
}
