import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import type { OutboxEvent } from "../../src/modules/realtime/claim-outbox-events.ts";
import { createLocalDelivery, type LocalDeliveryOptions } from "../../src/modules/realtime/create-local-delivery.ts";
import { enqueueEvent } from "../../src/modules/realtime/enqueue-event.ts";
import { createOutboxDispatcher } from "../../src/modules/realtime/outbox-dispatcher.ts";
import { OUTBOX_UNDELIVERED } from "./realtime-helpers.ts";

/* ADR 030: a process emits each outbox event to its own sockets once, from whichever source has it first. */

let database: TestDatabase;
const stops: (() => Promise<void>)[] = [];
const silent = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterEach(async () => {
  await Promise.all(stops.splice(0).map((stop) => stop()));
  await database.query(`DELETE FROM outbox_events`);
  // Everything taken from the sequence so far is gone: start the cursor after it, with no gaps.
  await database.query(
    `UPDATE outbox_cursor SET head = (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM outbox_events_id_seq), gaps = '[]'`,
  );
});
afterAll(async () => {
  await database?.close();
});

const enqueue = (seqs: number[], userGuid: string) =>
  database.db.transaction(async (tx) => {
    for (const seq of seqs) await enqueueEvent(tx, { type: "customer_segment_added", payload: { seq }, userGuid });
  });

type Fanout = { ready: boolean; epoch: number };

async function localDelivery(fanout: Fanout, options: Partial<LocalDeliveryOptions> = {}) {
  const emitted: OutboxEvent[] = [];
  const delivery = createLocalDelivery({
    db: database.db,
    emitLocal: (event) => emitted.push(event),
    isReady: () => fanout.ready,
    epoch: () => fanout.epoch,
    readWhileDown: true,
    log: silent,
    // Long: every read in these tests is asked for explicitly.
    pollIntervalMs: 60_000,
    ...options,
  });
  await delivery.start();
  stops.push(delivery.stop);
  const seqs = () => emitted.map((event) => (event.payload as { seq: number }).seq);
  return { delivery, emitted, seqs };
}

const undelivered = async () =>
  Number(
    (await database.query<{ n: string }>(`SELECT count(*) AS n FROM outbox_events o WHERE ${OUTBOX_UNDELIVERED}`))[0]!
      .n,
  );

describe("local delivery (one process's own sockets)", () => {
  it("while the fan-out is down, emits new rows once, in id order, without claiming them; never rows older than its start", async () => {
    const player = crypto.randomUUID();
    await enqueue([0], player);
    const fanout = { ready: false, epoch: 1 };
    const { delivery, seqs } = await localDelivery(fanout);
    await enqueue([1, 2, 3], player);
    await delivery.catchUp();
    await enqueue([4], player);
    await delivery.catchUp();
    await delivery.catchUp();
    expect(seqs()).toEqual([1, 2, 3, 4]);
    expect(await undelivered()).toBe(5);
  });

  it("skips what it emitted already when the same rows come from the claim or another process", async () => {
    const player = crypto.randomUUID();
    const fanout = { ready: false, epoch: 1 };
    const { delivery, seqs } = await localDelivery(fanout);
    await enqueue([1, 2], player);
    await delivery.catchUp();
    // Redis is back: the dispatcher claims the held rows and the batch comes through deliver().
    fanout.ready = true;
    const dispatcher = createOutboxDispatcher({
      database,
      emit: () => {
        throw new Error("emitBatch is given");
      },
      emitBatch: (events) => delivery.deliver(events),
      log: silent,
      pollIntervalMs: 60_000,
      listen: false,
      canEmit: () => fanout.ready,
      whileHeld: delivery.catchUp,
    });
    stops.push(dispatcher.stop);
    await enqueue([3], player);
    await dispatcher.drain();
    expect(seqs()).toEqual([1, 2, 3]);
    expect(await undelivered()).toBe(0);
  });

  it("is what the dispatcher runs instead of a claim while the fan-out is down", async () => {
    const player = crypto.randomUUID();
    const fanout = { ready: false, epoch: 1 };
    const { delivery, seqs } = await localDelivery(fanout);
    const dispatcher = createOutboxDispatcher({
      database,
      emit: () => {},
      emitBatch: (events) => delivery.deliver(events),
      log: silent,
      pollIntervalMs: 60_000,
      listen: false,
      canEmit: () => fanout.ready,
      whileHeld: delivery.catchUp,
    });
    stops.push(dispatcher.stop);
    await enqueue([1, 2], player);
    await dispatcher.drain();
    expect(seqs()).toEqual([1, 2]);
    expect(await undelivered()).toBe(2);
  });

  it("after a reconnection, reads rows it missed even if they were delivered meanwhile, once", async () => {
    const player = crypto.randomUUID();
    const fanout = { ready: true, epoch: 1 };
    const { delivery, seqs } = await localDelivery(fanout);
    await enqueue([1], player);
    // Fan-out up and no reconnection: nothing to read, the publish brings events.
    await delivery.catchUp();
    expect(seqs()).toEqual([]);
    // Another process claimed and published rows 1-2 while this one's subscription was away.
    await database.query(`UPDATE outbox_cursor SET head = (SELECT max(id) FROM outbox_events)`);
    await enqueue([2], player);
    await database.query(`UPDATE outbox_cursor SET head = (SELECT max(id) FROM outbox_events)`);
    fanout.epoch = 2;
    await delivery.catchUp();
    await delivery.catchUp();
    expect(seqs()).toEqual([1, 2]);
  });

  it("does not read while the fan-out is down when it only holds sockets (REALTIME_DISPATCH=false)", async () => {
    const player = crypto.randomUUID();
    const fanout = { ready: false, epoch: 1 };
    const { delivery, seqs } = await localDelivery(fanout, { readWhileDown: false });
    await enqueue([1], player);
    await delivery.catchUp();
    expect(seqs()).toEqual([]);
    fanout.ready = true;
    fanout.epoch = 2;
    await delivery.catchUp();
    expect(seqs()).toEqual([1]);
  });
});
