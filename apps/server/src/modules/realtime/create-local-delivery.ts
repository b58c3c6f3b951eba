import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { OutboxEvent } from "./claim-outbox-events.ts";
import { rowsOf } from "./rows-of.ts";

/**
 * Ids below the highest one delivered here that a database pass reads again: a row whose
 * transaction committed after a later id was read (ids are taken at insert, not at commit).
 */
const LOOKBACK_IDS = 1_000n;
/** Event ids remembered as delivered to this process's sockets; far more than LOOKBACK_IDS rows. */
const SEEN_MAX = 20_000;
const PASS_BATCH = 500;

type Log = { warn: (object: unknown, message?: string) => void };

export type LocalDeliveryOptions = {
  db: Db;
  /** Emits one event to this process's own sockets only (never through the adapter). */
  emitLocal: (event: OutboxEvent) => void;
  /** Whether the fan-out (Redis) reaches every process now. */
  isReady: () => boolean;
  /** Changes on every (re)connection of the fan-out: what was published before it may have missed this process. */
  epoch: () => number;
  /**
   * Read the outbox while the fan-out is down, so this process's sockets get events at once.
   * A process that only holds sockets (REALTIME_DISPATCH=false) reads it only after reconnecting.
   */
  readWhileDown: boolean;
  log: Log;
  pollIntervalMs?: number;
  /** How long after a reconnection passes keep reading the database (covers a subscribe still in flight). */
  settleMs?: number;
};

export type LocalDelivery = {
  /** Emits to this process's sockets every event not delivered here before, in the given order. */
  deliver: (events: readonly OutboxEvent[]) => void;
  /** Reads the outbox past what this process has delivered, when the fan-out is down or just came back. */
  catchUp: () => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Each process delivers each outbox event to its own sockets at most once (at least once while it
 * lives): from the dispatcher's claim, from another process's publish, or from the database when
 * its Redis connection is down or has just come back, whichever comes first. ADR 030.
 */
export function createLocalDelivery(options: LocalDeliveryOptions): LocalDelivery {
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const settleMs = options.settleMs ?? 3 * pollIntervalMs;
  const seen = new Set<string>();
  // Rows up to `floor` existed before this process started: never replayed to its sockets.
  let floor = 0n;
  let highest = 0n;
  let readCursor = 0n;
  let lastEpoch = options.epoch();
  let readUntil = 0;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const deliver = (events: readonly OutboxEvent[]) => {
    for (const event of events) {
      if (seen.has(event.event_id)) continue;
      options.emitLocal(event);
      seen.add(event.event_id);
      if (seen.size > SEEN_MAX) seen.delete(seen.values().next().value as string);
      const id = BigInt(event.id);
      if (id > highest) highest = id;
    }
  };

  const shouldRead = () => {
    const epoch = options.epoch();
    if (epoch !== lastEpoch) {
      lastEpoch = epoch;
      readUntil = Date.now() + settleMs;
    }
    if (!options.isReady()) return options.readWhileDown;
    return Date.now() < readUntil;
  };

  const pass = async () => {
    // While the fan-out stays down, go on from the last read: re-reading the lookback on every NOTIFY
    // would cost ~1,000 rows per wallet call. A row that commits behind the cursor meanwhile is still
    // undelivered, so it comes with the claim once Redis is back (or the read after reconnecting).
    const lookback = highest - LOOKBACK_IDS > floor ? highest - LOOKBACK_IDS : floor;
    let after = !options.isReady() && readCursor > lookback ? readCursor : lookback;
    for (;;) {
      if (stopped) return;
      const rows = rowsOf<OutboxEvent & { id: string | number | bigint }>(
        await options.db.execute(sql`
          SELECT id, event_id, user_guid, session_guid, type, payload FROM outbox_events
           WHERE id > ${after.toString()}::bigint ORDER BY id LIMIT ${PASS_BATCH}`),
      );
      const events = rows.map((row) => ({ ...row, id: String(row.id) }));
      deliver(events);
      if (events.length > 0) after = BigInt(events.at(-1)!.id);
      readCursor = after;
      if (events.length < PASS_BATCH) return;
    }
  };

  const catchUp = (): Promise<void> => {
    if (stopped || !shouldRead()) return running ?? Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await pass();
      } while (again && !stopped);
    })()
      .catch((error: unknown) => {
        if (!stopped) options.log.warn({ err: error }, "local realtime delivery from the outbox failed; retrying");
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    deliver,
    catchUp,
    start: async () => {
      stopped = false;
      const [row] = rowsOf<{ max: string | number | null }>(
        await options.db.execute(sql`SELECT max(id) AS max FROM outbox_events`),
      );
      floor = BigInt(row?.max ?? 0);
      if (floor > highest) highest = floor;
      timer = setInterval(() => void catchUp(), pollIntervalMs);
      timer.unref();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
