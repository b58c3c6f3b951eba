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
  /** How long delivered rows stay for the realtime re-reads (ADR 030/041); default 15 minutes. */
  retentionMs?: number;
  pruneIntervalMs?: number;
  /** How often a claim also probes gaps older than a few seconds (ADR 041). */
  oldGapProbeIntervalMs?: number;
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
  // Longer than a forgotten gap can still matter (OUTBOX_GAP_TTL_MS) and far longer than the settle period
  // of a reconnection (ADR 030); delivered rows are no history (issue #20).
  const retentionMs = options.retentionMs ?? 15 * 60_000;
  const pruneIntervalMs = options.pruneIntervalMs ?? 60_000;
  const oldGapProbeIntervalMs = options.oldGapProbeIntervalMs ?? 5_000;
  const { database, log } = options;

  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let listener: OutboxListener | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<unknown> | undefined;
  let oldGapsProbedAt = 0;
  let forgotten = 0;
  let forgottenLoggedAt = 0;

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
        const probeOldGaps = Date.now() - oldGapsProbedAt >= oldGapProbeIntervalMs;
        const result = await claimOutboxEvents(database.db, deliver, { batchSize: options.batchSize, probeOldGaps });
        if (result.busy) break;
        if (probeOldGaps) oldGapsProbedAt = Date.now();
        forgotten += result.gapsForgotten;
        // Mostly rolled-back inserts, which are normal; a row that does turn up later is never emitted, so
        // it is worth a line, once a minute at most.
        if (forgotten > 0 && Date.now() - forgottenLoggedAt >= 60_000) {
          log.warn(
            { gaps: forgotten },
            "outbox id ranges skipped over 10 minutes ago never appeared (rolled back?); stopped probing them",
          );
          forgotten = 0;
          forgottenLoggedAt = Date.now();
        }
        if (!result.full) break;
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
    pruning = pruneOutboxEvents(database.db, retentionMs)
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
