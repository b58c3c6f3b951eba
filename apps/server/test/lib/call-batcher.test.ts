import { describe, expect, it } from "vitest";
import {
  batcherPerDatabase,
  callBatcherTotals,
  createCallBatcher,
  type BatchSlot,
  type CallBatcherOptions,
} from "../../src/lib/call-batcher.ts";

// No timers: every batch stays open until the test settles it, and the only
// waiting is one turn of the event loop (the batcher gathers a turn's items
// with one setImmediate, so after our own setImmediate its launch has run).

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

type Batch = { items: number[]; done: Deferred<string[]> };

/** A run whose every batch waits for the test, recording what it was given and how many ran at once. */
function controlledRun() {
  const batches: Batch[] = [];
  const state = { running: 0, maxRunning: 0 };
  const run = async (items: number[]) => {
    const done = deferred<string[]>();
    batches.push({ items: [...items], done });
    state.running += 1;
    state.maxRunning = Math.max(state.maxRunning, state.running);
    try {
      return await done.promise;
    } finally {
      state.running -= 1;
    }
  };
  return { run, batches, state };
}

const output = (item: number) => `out-${item}`;
const succeed = (batch: Batch) => batch.done.resolve(batch.items.map(output));
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
const sizes = (batches: Batch[]) => batches.map((b) => b.items.length);

type Settled = { ok: true; value: string } | { ok: false; error: unknown };
/** Attaches the handlers at once, so a rejection is never unhandled while the test is still arranging. */
const settle = (promise: Promise<string>): Promise<Settled> =>
  promise.then(
    (value) => ({ ok: true, value }),
    (error: unknown) => ({ ok: false, error }),
  );

function batcherWith(options: Omit<CallBatcherOptions<number, string>, "run">) {
  const control = controlledRun();
  const batcher = createCallBatcher<number, string>({ run: control.run, ...options });
  return { ...control, batcher };
}

describe("createCallBatcher", () => {
  it("sends an item submitted alone in a batch of its own, after one turn and not before", async () => {
    const { batcher, batches } = batcherWith({ max_batch: 8, max_in_flight: 2 });
    const first = batcher.submit(1);
    // Nothing leaves synchronously: the rest of this turn may still add items.
    expect(batches).toHaveLength(0);
    expect(batcher.pending()).toBe(1);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1]]);
    expect(batcher.pending()).toBe(0);
    succeed(batches[0]!);
    expect(await first).toBe("out-1");

    // Idle again: the next lone item also leaves alone.
    const second = batcher.submit(2);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);
    succeed(batches[1]!);
    expect(await second).toBe("out-2");
  });

  it("gathers the items submitted during one turn into one batch", async () => {
    const { batcher, batches } = batcherWith({ max_batch: 8, max_in_flight: 2 });
    const results = [1, 2, 3].map((i) => batcher.submit(i));
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    succeed(batches[0]!);
    expect(await Promise.all(results)).toEqual(["out-1", "out-2", "out-3"]);
  });

  it("holds items submitted while max_in_flight batches run and sends them together when one finishes", async () => {
    const { batcher, batches, state } = batcherWith({ max_batch: 16, max_in_flight: 1 });
    const first = batcher.submit(1);
    await nextTurn();
    expect(sizes(batches)).toEqual([1]);

    // Three items over three turns while the only slot is busy: none leaves.
    const waiting: Promise<string>[] = [];
    for (const item of [2, 3, 4]) {
      waiting.push(batcher.submit(item));
      await nextTurn();
    }
    expect(sizes(batches)).toEqual([1]);
    expect(batcher.pending()).toBe(3);

    succeed(batches[0]!);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3, 4]]);
    expect(batcher.pending()).toBe(0);
    expect(await first).toBe("out-1");
    succeed(batches[1]!);
    expect(await Promise.all(waiting)).toEqual(["out-2", "out-3", "out-4"]);
    expect(state.maxRunning).toBe(1);
  });

  it("with two slots: the second item takes the free slot, the rest wait for whichever batch finishes first", async () => {
    const { batcher, batches, state } = batcherWith({ max_batch: 16, max_in_flight: 2 });
    const results: Promise<Settled>[] = [];
    results.push(settle(batcher.submit(1)));
    await nextTurn();
    results.push(settle(batcher.submit(2)));
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2]]);

    for (const item of [3, 4, 5, 6, 7]) {
      results.push(settle(batcher.submit(item)));
      await nextTurn();
    }
    expect(sizes(batches)).toEqual([1, 1]);
    expect(batcher.pending()).toBe(5);

    // The later batch finishes first: its slot goes to everything that waited.
    succeed(batches[1]!);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4, 5, 6, 7]]);
    expect(state.running).toBe(2);

    // Both slots busy again ([1] and [3..7]): item 8 waits, then leaves alone.
    results.push(settle(batcher.submit(8)));
    await nextTurn();
    expect(sizes(batches)).toEqual([1, 1, 5]);
    succeed(batches[0]!);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2], [3, 4, 5, 6, 7], [8]]);
    succeed(batches[2]!);
    succeed(batches[3]!);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => ({ ok: true, value: output(i) })));
    expect(state.maxRunning).toBe(2);
  });

  it("splits a long queue into batches of at most max_batch, in submission order", async () => {
    const { batcher, batches, state } = batcherWith({ max_batch: 3, max_in_flight: 1 });
    const results = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => batcher.submit(i));
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1, 2, 3]]);
    expect(batcher.pending()).toBe(5);
    succeed(batches[0]!);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    succeed(batches[1]!);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    succeed(batches[2]!);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(output));
    expect(state.maxRunning).toBe(1);
  });

  it("fills every free slot with full batches when a long queue arrives at once", async () => {
    const { batcher, batches } = batcherWith({ max_batch: 3, max_in_flight: 2 });
    const results = [1, 2, 3, 4, 5, 6, 7, 8].map((i) => batcher.submit(i));
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
    expect(batcher.pending()).toBe(2);
    succeed(batches[1]!);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([
      [1, 2, 3],
      [4, 5, 6],
      [7, 8],
    ]);
    succeed(batches[0]!);
    succeed(batches[2]!);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map(output));
  });

  it("never runs more than max_in_flight batches under a long storm of items settled out of order", async () => {
    const { batcher, batches, state } = batcherWith({ max_batch: 4, max_in_flight: 3 });
    const results: Promise<string>[] = [];
    const settledBatches = new Set<Batch>();
    let next = 1;
    // 40 turns: each adds 1-3 items, and every other turn settles one open batch,
    // alternating newest and oldest, so slots free up in no fixed order.
    for (let turn = 0; turn < 40; turn += 1) {
      for (let k = 0; k <= turn % 3; k += 1) results.push(batcher.submit(next++));
      if (turn % 2 === 1) {
        const open = batches.filter((b) => !settledBatches.has(b));
        const pick = turn % 4 === 1 ? open[open.length - 1] : open[0];
        if (pick) {
          settledBatches.add(pick);
          succeed(pick);
        }
      }
      await nextTurn();
      expect(state.running).toBeLessThanOrEqual(3);
    }
    // Drain: settle whatever is open until everything has left.
    while (batcher.pending() > 0 || state.running > 0) {
      for (const b of batches) {
        if (settledBatches.has(b)) continue;
        settledBatches.add(b);
        succeed(b);
      }
      await nextTurn();
      expect(state.running).toBeLessThanOrEqual(3);
    }
    const submitted = next - 1;
    expect(submitted).toBe(79);
    expect(await Promise.all(results)).toEqual(Array.from({ length: submitted }, (_, i) => output(i + 1)));
    // Every item left exactly once, in submission order, in batches of at most 4.
    expect(batches.flatMap((b) => b.items)).toEqual(Array.from({ length: submitted }, (_, i) => i + 1));
    for (const b of batches) expect(b.items.length).toBeLessThanOrEqual(4);
    // The load really did fill every slot, and items really were gathered.
    expect(state.maxRunning).toBe(3);
    expect(batches.length).toBeLessThan(submitted);
  });

  it("rejects exactly the items of a batch whose run throws, and later batches still work", async () => {
    const { batcher, batches } = batcherWith({ max_batch: 16, max_in_flight: 1 });
    const first = settle(batcher.submit(1));
    await nextTurn();
    const failing = [2, 3].map((i) => settle(batcher.submit(i)));
    await nextTurn();
    succeed(batches[0]!);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3]]);

    // Item 4 arrives while the doomed batch runs: it must not share its fate.
    const after = settle(batcher.submit(4));
    await nextTurn();
    const boom = new Error("connection lost");
    batches[1]!.done.reject(boom);
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3], [4]]);
    succeed(batches[2]!);

    expect(await first).toEqual({ ok: true, value: "out-1" });
    expect(await Promise.all(failing)).toEqual([
      { ok: false, error: boom },
      { ok: false, error: boom },
    ]);
    // The very same error object, not a copy.
    for (const s of await Promise.all(failing)) expect(s.ok ? undefined : s.error).toBe(boom);
    expect(await after).toEqual({ ok: true, value: "out-4" });

    // Idle again after a failure: a new item leaves at once and succeeds.
    const later = settle(batcher.submit(5));
    await nextTurn();
    expect(batches.map((b) => b.items)).toEqual([[1], [2, 3], [4], [5]]);
    succeed(batches[3]!);
    expect(await later).toEqual({ ok: true, value: "out-5" });
    expect(batcher.pending()).toBe(0);
  });

  it("rejects the batch when run throws synchronously, and frees its slot", async () => {
    let calls = 0;
    const batcher = createCallBatcher<number, string>({
      // Not async: the throw happens inside the call itself.
      run: (items) => {
        calls += 1;
        if (calls === 1) throw new Error("sync failure");
        return Promise.resolve(items.map(output));
      },
      max_batch: 8,
      max_in_flight: 1,
    });
    const doomed = [1, 2].map((i) => settle(batcher.submit(i)));
    const results = await Promise.all(doomed);
    expect(results.map((r) => r.ok)).toEqual([false, false]);
    expect(results.map((r) => (r.ok ? "" : (r.error as Error).message))).toEqual(["sync failure", "sync failure"]);
    expect(await batcher.submit(3)).toBe("out-3");
    expect(calls).toBe(2);
  });

  it("rejects every item of a batch whose run returns too few or too many outputs", async () => {
    const { batcher, batches } = batcherWith({ max_batch: 16, max_in_flight: 1 });
    const short = [1, 2].map((i) => settle(batcher.submit(i)));
    await nextTurn();
    batches[0]!.done.resolve(["out-1"]);
    const shortResults = await Promise.all(short);
    for (const r of shortResults) {
      expect(r.ok).toBe(false);
      expect(r.ok ? "" : (r.error as Error).message).toBe("a batch of 2 returned 1 results");
    }

    const long = settle(batcher.submit(3));
    await nextTurn();
    batches[1]!.done.resolve(["out-3", "extra"]);
    const longResult = await long;
    expect(longResult.ok).toBe(false);
    expect(longResult.ok ? "" : (longResult.error as Error).message).toBe("a batch of 1 returned 2 results");

    const fine = settle(batcher.submit(4));
    await nextTurn();
    succeed(batches[2]!);
    expect(await fine).toEqual({ ok: true, value: "out-4" });
  });

  it("refuses max_batch and max_in_flight that are not positive integers", () => {
    const run = (items: number[]) => Promise.resolve(items.map(output));
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createCallBatcher({ run, max_batch: bad, max_in_flight: 1 })).toThrow(
        "max_batch must be a positive integer",
      );
      expect(() => createCallBatcher({ run, max_batch: 1, max_in_flight: bad })).toThrow(
        "max_in_flight must be a positive integer",
      );
    }
    // The smallest valid batcher works: one item at a time.
    expect(() => createCallBatcher({ run, max_batch: 1, max_in_flight: 1 })).not.toThrow();
  });
});

/** A slot the test grants by hand, as another process's batch would by ending. */
function controlledSlot() {
  const requests: Deferred<(() => void) | undefined>[] = [];
  const log: string[] = [];
  let held = 0;
  const slot: BatchSlot = {
    acquire: () => {
      const request = deferred<(() => void) | undefined>();
      requests.push(request);
      log.push("acquire");
      return request.promise;
    },
  };
  /** Grants the oldest request; its release is recorded once. */
  const grant = (index = requests.length - 1) => {
    held += 1;
    let released = false;
    requests[index]!.resolve(() => {
      expect(released).toBe(false);
      released = true;
      held -= 1;
      log.push("release");
    });
  };
  return { slot, requests, grant, log, held: () => held };
}

describe("createCallBatcher with a slot shared beyond the process", () => {
  it("forms the batch only once the slot is held: everything queued while waiting leaves together", async () => {
    const control = controlledRun();
    const shared = controlledSlot();
    const batcher = createCallBatcher<number, string>({
      run: control.run,
      max_batch: 16,
      max_in_flight: 1,
      slot: shared.slot,
    });
    const results = [settle(batcher.submit(1))];
    await nextTurn();
    // Asked for the slot, which another process holds: no batch yet, however many turns pass.
    expect(shared.requests).toHaveLength(1);
    for (const item of [2, 3, 4, 5]) {
      results.push(settle(batcher.submit(item)));
      await nextTurn();
    }
    expect(control.batches).toHaveLength(0);
    expect(shared.requests).toHaveLength(1);
    expect(batcher.pending()).toBe(5);

    shared.grant();
    await nextTurn();
    expect(control.batches.map((b) => b.items)).toEqual([[1, 2, 3, 4, 5]]);
    expect(shared.held()).toBe(1);
    succeed(control.batches[0]!);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5].map((i) => ({ ok: true, value: output(i) })));
    // Given back once the batch was done, and before its callers heard.
    expect(shared.held()).toBe(0);
    expect(shared.log).toEqual(["acquire", "release"]);
  });

  it("gives the slot back when the batch fails, and the next batch asks again", async () => {
    const control = controlledRun();
    const shared = controlledSlot();
    const batcher = createCallBatcher<number, string>({
      run: control.run,
      max_batch: 16,
      max_in_flight: 1,
      slot: shared.slot,
    });
    const doomed = settle(batcher.submit(1));
    await nextTurn();
    shared.grant();
    await nextTurn();
    const later = settle(batcher.submit(2));
    await nextTurn();
    const boom = new Error("connection lost");
    control.batches[0]!.done.reject(boom);
    expect(await doomed).toEqual({ ok: false, error: boom });
    expect(shared.log).toEqual(["acquire", "release", "acquire"]);
    expect(shared.held()).toBe(0);
    shared.grant();
    await nextTurn();
    succeed(control.batches[1]!);
    expect(await later).toEqual({ ok: true, value: "out-2" });
    expect(shared.log).toEqual(["acquire", "release", "acquire", "release"]);
  });

  it("runs the batch anyway when no slot could be had (undefined, a rejection or a throw)", async () => {
    const control = controlledRun();
    let attempt = 0;
    const slot: BatchSlot = {
      acquire: () => {
        attempt += 1;
        if (attempt === 3) throw new Error("thrown, not rejected");
        return attempt === 1 ? Promise.resolve(undefined) : Promise.reject(new Error("database unreachable"));
      },
    };
    const batcher = createCallBatcher<number, string>({ run: control.run, max_batch: 16, max_in_flight: 1, slot });
    const first = settle(batcher.submit(1));
    await nextTurn();
    await nextTurn();
    expect(control.batches.map((b) => b.items)).toEqual([[1]]);
    succeed(control.batches[0]!);
    expect(await first).toEqual({ ok: true, value: "out-1" });
    const second = settle(batcher.submit(2));
    await nextTurn();
    await nextTurn();
    expect(control.batches.map((b) => b.items)).toEqual([[1], [2]]);
    succeed(control.batches[1]!);
    expect(await second).toEqual({ ok: true, value: "out-2" });
    const third = settle(batcher.submit(3));
    await nextTurn();
    await nextTurn();
    expect(control.batches.map((b) => b.items)).toEqual([[1], [2], [3]]);
    succeed(control.batches[2]!);
    expect(await third).toEqual({ ok: true, value: "out-3" });
  });

  it("with two in flight: asks for a second slot only for what one batch cannot carry", async () => {
    const control = controlledRun();
    const shared = controlledSlot();
    const batcher = createCallBatcher<number, string>({
      run: control.run,
      max_batch: 2,
      max_in_flight: 2,
      slot: shared.slot,
    });
    const results = [1, 2].map((i) => batcher.submit(i));
    await nextTurn();
    // Two items fit one batch: one request.
    expect(shared.requests).toHaveLength(1);
    results.push(batcher.submit(3));
    await nextTurn();
    expect(shared.requests).toHaveLength(2);
    // The second request is granted first and carries the two oldest; the first then finds [3].
    shared.grant(1);
    await nextTurn();
    expect(control.batches.map((b) => b.items)).toEqual([[1, 2]]);
    shared.grant(0);
    await nextTurn();
    expect(control.batches.map((b) => b.items)).toEqual([[1, 2], [3]]);
    succeed(control.batches[0]!);
    succeed(control.batches[1]!);
    expect(await Promise.all(results)).toEqual([1, 2, 3].map(output));
    expect(shared.held()).toBe(0);

    // Three items: two requests again; each grant carries at most max_batch, in submission order.
    const more = [4, 5, 6].map((i) => batcher.submit(i));
    await nextTurn();
    expect(shared.requests).toHaveLength(4);
    shared.grant(2);
    await nextTurn();
    expect(control.batches.map((b) => b.items).slice(2)).toEqual([[4, 5]]);
    // Item 6 leaves with the other slot.
    shared.grant(3);
    await nextTurn();
    expect(control.batches.map((b) => b.items).slice(2)).toEqual([[4, 5], [6]]);
    succeed(control.batches[2]!);
    succeed(control.batches[3]!);
    expect(await Promise.all(more)).toEqual([4, 5, 6].map(output));
    expect(shared.held()).toBe(0);
  });
});

describe("batcherPerDatabase", () => {
  it("makes one batcher per database with that database's slot, and counts batches and items by name", async () => {
    const name = `test-batcher-${Math.random()}`;
    const slotsAsked: string[] = [];
    const runs: { database: string; items: number[] }[] = [];
    const batcherFor = batcherPerDatabase<{ db: object; label: string }, number, string>({
      max_batch: 8,
      max_in_flight: 1,
      name,
      slot: (database) => {
        slotsAsked.push(database.label);
        return database.label === "a" ? { acquire: () => Promise.resolve(undefined) } : undefined;
      },
      run: (database, items) => {
        runs.push({ database: database.label, items });
        return Promise.resolve(items.map(output));
      },
    });
    const a = { db: {}, label: "a" };
    const b = { db: {}, label: "b" };
    expect(batcherFor(a)).toBe(batcherFor(a));
    expect(batcherFor(a)).not.toBe(batcherFor(b));
    expect(slotsAsked).toEqual(["a", "b"]);
    expect(await Promise.all([batcherFor(a).submit(1), batcherFor(a).submit(2), batcherFor(b).submit(3)])).toEqual([
      "out-1",
      "out-2",
      "out-3",
    ]);
    expect(runs).toEqual([
      { database: "a", items: [1, 2] },
      { database: "b", items: [3] },
    ]);
    expect(callBatcherTotals().get(name)).toMatchObject({ batches: 2, items: 3 });
  });
});
