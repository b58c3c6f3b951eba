/**
 * Natural batching (group commit) for statements that many concurrent
 * requests each need once: items submitted while `max_in_flight` batches are
 * already running wait and leave together in the next batch, so under load one
 * round trip and one commit serve many requests, and when idle an item leaves
 * alone at once (no timer adds latency). The items submitted during one turn
 * of the event loop are gathered before the first batch leaves.
 *
 * With a `slot` (lib/database-batch-slot.ts), a batch is formed only once the
 * slot is held: the slot is shared by every process on the database, so while
 * another process's batch runs, this process's items keep queueing and leave
 * together when the slot comes free. Without it, two processes each send half
 * the calls in batches half the size (ADR 042).
 *
 * `run` receives at most `max_batch` items and must return one output per
 * item, in order. When it throws, every item of that batch is rejected with
 * the error; callers that want per-item isolation retry items singly.
 */
export type CallBatcher<Input, Output> = {
  submit: (item: Input) => Promise<Output>;
  /** Items waiting for a batch slot (for tests and metrics). */
  pending: () => number;
};

/**
 * A permission to run one batch, shared beyond this process. `acquire` resolves when the batch may run,
 * to the function that gives the permission back (called once the batch is done), or to undefined when
 * no permission could be had (the database unreachable, a holder stuck past the wait bound): the batch
 * then runs anyway. It must never reject.
 */
export type BatchSlot = { acquire: () => Promise<(() => void) | undefined> };

export type CallBatcherOptions<Input, Output> = {
  run: (items: Input[]) => Promise<Output[]>;
  max_batch: number;
  max_in_flight: number;
  /** Counts this batcher's batches and items under this name (callBatcherTotals, /metrics). */
  name?: string;
  slot?: BatchSlot;
};

/** Batches and items sent so far per batcher name, summed over every batcher of that name in this process. */
export type CallBatcherTotals = Map<string, { batches: number; items: number; slot_waits_ms: number }>;
const totals: CallBatcherTotals = new Map();

/** A snapshot of the counts (mean batch size = items / batches). */
export function callBatcherTotals(): CallBatcherTotals {
  return new Map([...totals].map(([name, t]) => [name, { ...t }]));
}

type Waiting<Input, Output> = { item: Input; resolve: (value: Output) => void; reject: (error: unknown) => void };

export function createCallBatcher<Input, Output>(
  options: CallBatcherOptions<Input, Output>,
): CallBatcher<Input, Output> {
  if (!Number.isInteger(options.max_batch) || options.max_batch < 1)
    throw new Error("max_batch must be a positive integer");
  if (!Number.isInteger(options.max_in_flight) || options.max_in_flight < 1)
    throw new Error("max_in_flight must be a positive integer");
  const queue: Waiting<Input, Output>[] = [];
  const slot = options.slot;
  const counts =
    options.name === undefined
      ? undefined
      : (totals.get(options.name) ??
        totals.set(options.name, { batches: 0, items: 0, slot_waits_ms: 0 }).get(options.name)!);
  let inFlight = 0;
  // Batches waiting for their slot: each will take up to max_batch of the queue once it has it.
  let acquiring = 0;
  let scheduled = false;

  const launch = () => {
    scheduled = false;
    while (queue.length > acquiring * options.max_batch && inFlight < options.max_in_flight) {
      inFlight += 1;
      if (slot) void acquireThenRun(slot);
      else void runBatch(queue.splice(0, options.max_batch));
    }
  };

  const schedule = () => {
    if (scheduled || inFlight >= options.max_in_flight) return;
    scheduled = true;
    setImmediate(launch);
  };

  const acquireThenRun = async (held: BatchSlot) => {
    acquiring += 1;
    const started = performance.now();
    let release: (() => void) | undefined;
    try {
      release = await held.acquire();
    } catch {
      // A slot that fails (even synchronously) only costs the batch its shape: it runs without one.
      release = undefined;
    }
    acquiring -= 1;
    if (counts) counts.slot_waits_ms += performance.now() - started;
    // Everything that queued while another process held the slot leaves now, together.
    const batch = queue.splice(0, options.max_batch);
    if (batch.length === 0) {
      // Another batch of this process took the items meanwhile.
      release?.();
      inFlight -= 1;
      if (queue.length > 0) launch();
      return;
    }
    await runBatch(batch, release);
  };

  const runBatch = async (batch: Waiting<Input, Output>[], release?: () => void) => {
    if (counts) {
      counts.batches += 1;
      counts.items += batch.length;
    }
    let outputs: Output[] | undefined;
    let failure: unknown;
    try {
      outputs = await options.run(batch.map((w) => w.item));
      if (outputs.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} returned ${outputs.length} results`);
      }
    } catch (error) {
      outputs = undefined;
      failure = error;
    }
    // The slot first: another process's next batch can start while this one answers its callers.
    release?.();
    if (outputs) batch.forEach((w, index) => w.resolve(outputs[index]!));
    else for (const w of batch) w.reject(failure);
    inFlight -= 1;
    // Whatever queued meanwhile leaves now, together.
    if (queue.length > 0) launch();
  };

  return {
    submit: (item) =>
      new Promise<Output>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      }),
    pending: () => queue.length,
  };
}

/**
 * One batcher per database handle, made on its first call: batching only helps
 * among calls that share a pool, and a process may hold several handles (tests
 * build an app per database). Keyed by the handle's `db`, weakly. `slot` is
 * asked once per handle (undefined: batches of this process only).
 */
export function batcherPerDatabase<Database extends { db: object }, Input, Output>(
  options: Omit<CallBatcherOptions<Input, Output>, "run" | "slot"> & {
    run: (database: Database, items: Input[]) => Promise<Output[]>;
    slot?: (database: Database) => BatchSlot | undefined;
  },
): (database: Database) => CallBatcher<Input, Output> {
  const batchers = new WeakMap<object, CallBatcher<Input, Output>>();
  return (database) => {
    let batcher = batchers.get(database.db);
    if (!batcher) {
      batcher = createCallBatcher({
        max_batch: options.max_batch,
        max_in_flight: options.max_in_flight,
        name: options.name,
        slot: options.slot?.(database),
        run: (items) => options.run(database, items),
      });
      batchers.set(database.db, batcher);
    }
    return batcher;
  };
}
