/**
 * Natural batching (group commit) for statements that many concurrent
 * requests each need once: items submitted while `max_in_flight` batches are
 * already running wait and leave together in the next batch, so under load one
 * round trip and one commit serve many requests, and when idle an item leaves
 * alone at once (no timer adds latency). The items submitted during one turn
 * of the event loop are gathered before the first batch leaves.
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

export type CallBatcherOptions<Input, Output> = {
  run: (items: Input[]) => Promise<Output[]>;
  max_batch: number;
  max_in_flight: number;
};

type Waiting<Input, Output> = { item: Input; resolve: (value: Output) => void; reject: (error: unknown) => void };

export function createCallBatcher<Input, Output>(options: CallBatcherOptions<Input, Output>): CallBatcher<Input, Output> {
  if (!Number.isInteger(options.max_batch) || options.max_batch < 1) throw new Error("max_batch must be a positive integer");
  if (!Number.isInteger(options.max_in_flight) || options.max_in_flight < 1) throw new Error("max_in_flight must be a positive integer");
  const queue: Waiting<Input, Output>[] = [];
  let inFlight = 0;
  let scheduled = false;

  const launch = () => {
    scheduled = false;
    while (queue.length > 0 && inFlight < options.max_in_flight) {
      const batch = queue.splice(0, options.max_batch);
      inFlight += 1;
      void runBatch(batch);
    }
  };

  const schedule = () => {
    if (scheduled || inFlight >= options.max_in_flight) return;
    scheduled = true;
    setImmediate(launch);
  };

  const runBatch = async (batch: Waiting<Input, Output>[]) => {
    try {
      const outputs = await options.run(batch.map((w) => w.item));
      if (outputs.length !== batch.length) {
        throw new Error(`a batch of ${batch.length} returned ${outputs.length} results`);
      }
      batch.forEach((w, index) => w.resolve(outputs[index]!));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      inFlight -= 1;
      // Whatever queued meanwhile leaves now, together.
      if (queue.length > 0) launch();
    }
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
 * build an app per database). Keyed by the handle's `db`, weakly.
 */
export function batcherPerDatabase<Database extends { db: object }, Input, Output>(
  options: Omit<CallBatcherOptions<Input, Output>, "run"> & {
    run: (database: Database, items: Input[]) => Promise<Output[]>;
  },
): (database: Database) => CallBatcher<Input, Output> {
  const batchers = new WeakMap<object, CallBatcher<Input, Output>>();
  return (database) => {
    let batcher = batchers.get(database.db);
    if (!batcher) {
      batcher = createCallBatcher({ ...options, run: (items) => options.run(database, items) });
      batchers.set(database.db, batcher);
    }
    return batcher;
  };
}
