import { sql } from "drizzle-orm";
import { hotRows, type HotDatabase } from "../../lib/sql-executor.ts";
import { OUTBOX_CHANNEL } from "../realtime/enqueue-event.ts";

/**
 * At most one wake-up per this many milliseconds per process. Every NOTIFY
 * makes the dispatcher run a claim (a transaction that scans the undelivered
 * rows); one per wallet call cost PostgreSQL several times the call itself
 * under load. Waiting a few milliseconds lets one claim carry the events of
 * every call committed meanwhile; a balance update reaches the player at most
 * this much later.
 */
export const OUTBOX_WAKE_INTERVAL_MS = 25;

type WakeState = { scheduled: boolean; lastSentAt: number };
const states = new WeakMap<object, WakeState>();

/**
 * Tells the outbox dispatcher that events were committed, AFTER the commit and
 * coalesced: calls within OUTBOX_WAKE_INTERVAL_MS share one NOTIFY. NOTIFY
 * inside the money statement would make every wallet commit queue on
 * PostgreSQL's single notify lock and lose group commit; a bare NOTIFY in its
 * own statement writes no WAL and holds it for microseconds. The listener only
 * needs a wake-up (it reads the outbox itself), and its polling covers a
 * process that dies before the NOTIFY goes out.
 */
export function wakeOutboxDispatcher(database: HotDatabase): void {
  let state = states.get(database.db);
  if (!state) {
    state = { scheduled: false, lastSentAt: Number.NEGATIVE_INFINITY };
    states.set(database.db, state);
  }
  if (state.scheduled) return;
  state.scheduled = true;
  const current = state;
  const send = () => {
    current.scheduled = false;
    current.lastSentAt = performance.now();
    hotRows(database, sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`).catch(() => {
      // The dispatcher's polling delivers the events anyway.
    });
  };
  const wait = current.lastSentAt + OUTBOX_WAKE_INTERVAL_MS - performance.now();
  if (wait <= 0) {
    setImmediate(send);
    return;
  }
  // Unref'd: a pending wake-up must not keep a closing process alive (polling covers it).
  setTimeout(send, wait).unref();
}
