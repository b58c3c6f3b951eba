import { randomInt } from "node:crypto";
import type pg from "pg";
import type { BatchSlot } from "./call-batcher.ts";

/**
 * How long a batch waits for a slot another process holds before it runs without one. A batch holds its slot
 * for one statement and its commit (milliseconds); this bound only matters when a holder is stuck (a process
 * paused mid-batch): its peers then fall back to batching on their own instead of waiting for it.
 */
export const BATCH_SLOT_WAIT_MS = 250;
/**
 * A slot holds a pooled connection while its batch runs on another one: below this pool size the
 * slot could take the connection its own batch needs, so smaller pools batch per process.
 */
const MIN_POOL_FOR_SLOTS = 4;
/** Advisory lock keys are (class, slot) pairs: this class is ours (the one-key bigint space never overlaps). */
const MAX_SLOTS = 64;

const slotCounts = new WeakMap<object, number>();

/**
 * How many batches of each slotted batcher may run at once on this database, across every process
 * (WALLET_BATCH_SLOTS, set by buildApp). 0 or never set: each process batches on its own (ADR 007).
 */
export function setDatabaseBatchSlots(database: { db: object }, slots: number): void {
  if (!Number.isInteger(slots) || slots < 0 || slots > MAX_SLOTS)
    throw new Error(`batch slots must be an integer in 0..${MAX_SLOTS}`);
  slotCounts.set(database.db, slots);
}

/**
 * The slot factory for batcherPerDatabase (ADR 042): batches of the named batcher take one of the database's
 * slots, a transaction-level advisory lock on a pooled connection, held until the batch is done. While one
 * process's batch holds it, the calls of every other process keep queueing, so each batch carries what its
 * process gathered meanwhile, as with one process. PGlite (single process), small pools and databases
 * without slots get none.
 */
export function databaseBatchSlot(name: string, wait_ms = BATCH_SLOT_WAIT_MS) {
  const lockClass = lockClassOf(name);
  return (database: { db: object; pool?: pg.Pool }): BatchSlot | undefined => {
    const slots = slotCounts.get(database.db) ?? 0;
    const pool = database.pool;
    if (!pool || slots === 0 || (pool.options.max ?? 10) < MIN_POOL_FOR_SLOTS) return undefined;
    return createDatabaseBatchSlot(pool, lockClass, slots, wait_ms);
  };
}

function createDatabaseBatchSlot(pool: pg.Pool, lockClass: number, slots: number, wait_ms: number): BatchSlot {
  if (!Number.isInteger(wait_ms) || wait_ms < 1) throw new Error("wait_ms must be a positive integer");
  // Any free slot; when all are taken, wait for this process's own (spreads the waiters over the slots).
  const preferred = randomInt(slots);
  // One round trip. COALESCE evaluates the waiting lock only when no slot was free; LIMIT 1 stops the
  // scan at the first slot taken, so exactly one is held. Constants only: nothing comes from a caller.
  const take =
    slots === 1
      ? `BEGIN; SET LOCAL lock_timeout = '${wait_ms}ms'; SELECT pg_advisory_xact_lock(${lockClass}, 0)`
      : `BEGIN; SET LOCAL lock_timeout = '${wait_ms}ms';
         SELECT coalesce((SELECT s FROM generate_series(0, ${slots - 1}) AS s WHERE pg_try_advisory_xact_lock(${lockClass}, s) LIMIT 1),
                         (SELECT ${preferred} FROM pg_advisory_xact_lock(${lockClass}, ${preferred})))`;
  return {
    acquire: async () => {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch {
        return undefined;
      }
      try {
        await client.query(take);
      } catch {
        // Timed out behind a stuck holder, or the connection failed: run without the slot.
        await client.query("ROLLBACK").then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
        return undefined;
      }
      return () => {
        // Ending the transaction frees the slot; nothing was written, so the commit flushes nothing.
        client.query("COMMIT").then(
          () => client.release(),
          (error: Error) => client.release(error),
        );
      };
    },
  };
}

/** A stable 31-bit class per batcher name (FNV-1a), so every process agrees on the lock without a registry. */
function lockClassOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i += 1) {
    hash ^= name.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x7fffffff;
}
