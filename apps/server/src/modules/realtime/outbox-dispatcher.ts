import type { DatabaseHandle } from "@croupier/db/create-database";
import { claimOutboxEvents, type OutboxEvent } from "./claim-outbox-events.ts";
import { listenForOutboxNotifications, type OutboxListener } from "./listen-for-outbox-notifications.ts";
import { pruneOutboxEvents } from "./prune-outbox-events.ts";

type Log = {
  warn: (object: unknown, message?: string) => void;
  error: (object: unknown, message?: string) => void;
};

export type OutboxDispatcherOptions = {
  database: DatabaseHandle;
  /** Sends one event to its room(s). Throwing leaves the whole batch undelivered for a retry. */
  emit: (event: OutboxEvent) => void;
  /** Sends a whole claimed batch at once instead of `emit` per event (one Redis message per batch, ADR 030). */
  emitBatch?: (events: OutboxEvent[]) => void;
  log: Log;
  /** Fallback when a NOTIFY is missed (listener reconnecting, another process holding the dispatch lock). */
  pollIntervalMs?: number;
  batchSize?: number;
  retentionHours?: number;
  pruneIntervalMs?: number;
  /**
   * False while emits cannot reach every process (Redis away): rows then stay undelivered and go
   * out once it is back, instead of being marked delivered after reaching only local sockets.
   */
  canEmit?: () => boolean;
  /**
   * Runs instead of a claim while canEmit() is false: delivers the undelivered rows to this
   * process's own sockets at once, leaving them undelivered for the other processes (ADR 030).
   */
  whileHeld?: () => Promise<void>;
  /** Turn LISTEN off (tests of the polling path). */
  listen?: boolean;
};

export type OutboxDispatcher = {
  start: () => Promise<void>;
  /** Runs (or joins) a drain and resolves when no undelivered row was left that this process could claim. */
  drain: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * Delivers committed outbox rows: on startup, on every NOTIFY, and by polling.
 * Drains never overlap inside a process; a wake-up during a drain schedules one more pass.
 */
export function createOutboxDispatcher(options: OutboxDispatcherOptions): OutboxDispatcher {
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const retentionHours = options.retentionHours ?? 24;
  const pruneIntervalMs = options.pruneIntervalMs ?? 10 * 60_000;
  const { database, log } = options;

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: OutboxListener | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<unknown> | undefined;

  const deliver = (events: OutboxEvent[]) => {
    if (options.emitBatch) return options.emitBatch(events);
    for (const event of events) options.emit(event);
  };

  let holding = false;
  const mayEmit = () => {
    const ready = options.canEmit?.() ?? true;
    if (!ready && !holding) log.warn({}, "realtime fan-out unavailable; holding outbox events until it is back");
    if (ready && holding) log.warn({}, "realtime fan-out is back; delivering held outbox events");
    holding = !ready;
    return ready;
  };

  const runDrain = async () => {
    do {
      again = false;
      if (!mayEmit()) {
        await options.whileHeld?.();
        return;
      }
      // Full batches mean more rows are waiting: keep going without waiting for the next wake-up.
      for (;;) {
        if (stopped) return;
        const result = await claimOutboxEvents(database.db, deliver, options.batchSize);
        if (result.busy || !result.full) break;
      }
    } while (again && !stopped);
  };

  const drain = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = runDrain()
      .catch((error: unknown) => {
        if (!stopped) log.error({ err: error }, "outbox dispatch failed; retrying on the next poll");
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  const prune = () => {
    pruning = pruneOutboxEvents(database.db, retentionHours)
      .catch((error: unknown) => log.warn({ err: error }, "outbox prune failed"))
      .finally(() => {
        pruning = undefined;
      });
  };

  return {
    drain,
    start: async () => {
      stopped = false;
      if (options.listen !== false) {
        listener = await listenForOutboxNotifications({
          database,
          onNotify: () => void drain(),
          onError: (error) => log.warn({ err: error }, "outbox listener connection lost; polling until it is back"),
        });
      }
      pollTimer = setInterval(() => void drain(), pollIntervalMs);
      pruneTimer = setInterval(prune, pruneIntervalMs);
      pollTimer.unref();
      pruneTimer.unref();
      await drain();
    },
    stop: async () => {
      stopped = true;
      clearInterval(pollTimer);
      clearInterval(pruneTimer);
      await listener?.close();
      listener = undefined;
      // Let an in-flight batch commit (or roll back) before the database closes.
      await Promise.all([running, pruning]);
    },
  };
}
