import { sql } from "drizzle-orm";
import { hotRows, type HotDatabase } from "../ledger/sql-executor.ts";

// The channel enqueueEvent notifies on (modules/realtime/enqueue-event.ts).
const OUTBOX_CHANNEL = "outbox_events";

type WakeState = { running: boolean; again: boolean };
const states = new WeakMap<object, WakeState>();

/**
 * Tells the outbox dispatcher that events were committed, AFTER the commit and
 * coalesced: at most one NOTIFY in flight per process, one more if events
 * committed meanwhile. NOTIFY inside the money statement would make every
 * wallet commit queue on PostgreSQL's single notify lock and lose group commit;
 * a bare NOTIFY in its own statement writes no WAL and holds it for
 * microseconds. The listener only needs a wake-up (it reads the outbox itself),
 * and its polling covers a process that dies between commit and notify.
 */
export function wakeOutboxDispatcher(database: HotDatabase): void {
  let state = states.get(database.db);
  if (!state) {
    state = { running: false, again: false };
    states.set(database.db, state);
  }
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  const current = state;
  setImmediate(() => {
    hotRows(database, sql`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`)
      .catch(() => {
        // The dispatcher's polling delivers the events anyway.
      })
      .finally(() => {
        current.running = false;
        if (current.again) {
          current.again = false;
          wakeOutboxDispatcher(database);
        }
      });
  });
}
