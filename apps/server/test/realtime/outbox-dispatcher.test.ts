import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { claimOutboxEvents, type OutboxEvent } from "../../src/modules/realtime/claim-outbox-events.ts";
import { enqueueEvent } from "../../src/modules/realtime/enqueue-event.ts";
import {
  createOutboxDispatcher,
  type OutboxDispatcher,
  type OutboxDispatcherOptions,
} from "../../src/modules/realtime/outbox-dispatcher.ts";
import { OUTBOX_GAP_TTL_MS } from "../../src/modules/realtime/next-outbox-cursor.ts";
import { pruneOutboxEvents } from "../../src/modules/realtime/prune-outbox-events.ts";
import { OUTBOX_UNDELIVERED } from "./realtime-helpers.ts";

let database: TestDatabase;
const running: OutboxDispatcher[] = [];
const silent = { warn: () => {}, error: () => {} };

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((d) => d.stop()));
  await database.query(`DELETE FROM outbox_events`);
  // Everything taken from the sequence so far is gone: start the cursor after it, with no gaps.
  await database.query(
    `UPDATE outbox_cursor SET head = (SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM outbox_events_id_seq), gaps = '[]'`,
  );
});
afterAll(async () => {
  await database?.close();
});

const dispatcher = (emit: OutboxDispatcherOptions["emit"], options: Partial<OutboxDispatcherOptions> = {}) => {
  // A long poll period: anything delivered quickly was woken by NOTIFY or the startup drain.
  const created = createOutboxDispatcher({ database, emit, log: silent, pollIntervalMs: 60_000, ...options });
  running.push(created);
  return created;
};

const enqueue = (count: number, userGuid = crypto.randomUUID()) =>
  database.db.transaction(async (tx) => {
    for (let i = 0; i < count; i += 1)
      await enqueueEvent(tx, { type: "customer_segment_added", payload: { seq: i }, userGuid });
  });

const undelivered = async () =>
  Number(
    (await database.query<{ n: string }>(`SELECT count(*) AS n FROM outbox_events o WHERE ${OUTBOX_UNDELIVERED}`))[0]!
      .n,
  );

const until = async (condition: () => boolean, timeoutMs = 5_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe("outbox dispatcher", () => {
  it("delivers rows left undelivered before it started, in id order, and moves the cursor past them without writing to them", async () => {
    await enqueue(3);
    const emitted: OutboxEvent[] = [];
    await dispatcher((event) => emitted.push(event)).start();
    expect(emitted.map((e) => (e.payload as { seq: number }).seq)).toEqual([0, 1, 2]);
    expect(emitted.map((e) => BigInt(e.id))).toEqual(
      [...emitted.map((e) => BigInt(e.id))].sort((a, b) => (a < b ? -1 : 1)),
    );
    expect(await undelivered()).toBe(0);
    // Delivery wrote nothing to the rows (ADR 041): each is still its one inserted version.
    const versions = await database.query<{ fresh: boolean }>(
      `SELECT xmax::text = '0' AS fresh FROM outbox_events ORDER BY id`,
    );
    expect(versions).toEqual([{ fresh: true }, { fresh: true }, { fresh: true }]);
  });

  it("is woken by NOTIFY after a commit, long before its next poll", async () => {
    const emitted: OutboxEvent[] = [];
    await dispatcher((event) => emitted.push(event)).start();
    const userGuid = crypto.randomUUID();
    await enqueue(1, userGuid);
    await until(() => emitted.length === 1, 3_000);
    expect(emitted[0]).toMatchObject({ type: "customer_segment_added", user_guid: userGuid, payload: { seq: 0 } });
  });

  it("falls back to polling when no NOTIFY arrives", async () => {
    const emitted: OutboxEvent[] = [];
    await dispatcher((event) => emitted.push(event), { listen: false, pollIntervalMs: 50 }).start();
    await enqueue(2);
    await until(() => emitted.length === 2, 3_000);
  });

  it("keeps a batch undelivered when emitting fails and delivers it again on the next run", async () => {
    await enqueue(2);
    const emitted: OutboxEvent[] = [];
    let failures = 1;
    const flaky = dispatcher((event) => {
      emitted.push(event);
      if (failures > 0 && emitted.length === 2) {
        failures -= 1;
        throw new Error("socket layer down");
      }
    });
    await flaky.start();
    // The first attempt emitted row 1 then failed on row 2: nothing was marked.
    expect(await undelivered()).toBe(2);
    await flaky.drain();
    // At least once: row 1 went out twice (clients drop it by event_id), then both were marked.
    expect(emitted.map((e) => (e.payload as { seq: number }).seq)).toEqual([0, 1, 0, 1]);
    expect(await undelivered()).toBe(0);
  });

  it("holds events back while the fan-out is unavailable and delivers them once it is back", async () => {
    let ready = false;
    const emitted: OutboxEvent[] = [];
    const held = dispatcher((event) => emitted.push(event), { canEmit: () => ready });
    await held.start();
    await enqueue(2);
    await held.drain();
    expect(emitted).toHaveLength(0);
    expect(await undelivered()).toBe(2);
    ready = true;
    await held.drain();
    expect(emitted).toHaveLength(2);
    expect(await undelivered()).toBe(0);
  });

  it("releases its LISTEN connection when stopped", async () => {
    const listening = async () =>
      database.kind === "postgres"
        ? Number(
            (
              await database.query<{ n: string }>(
                `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'`,
              )
            )[0]!.n,
          )
        : null;
    const d = dispatcher(() => {});
    await d.start();
    if (database.kind === "postgres") expect(await listening()).toBe(1);
    await d.stop();
    const emitted: OutboxEvent[] = [];
    // Nothing is dispatched after stop, whether by NOTIFY or by a poll.
    const late = createOutboxDispatcher({ database, emit: (e) => emitted.push(e), log: silent, pollIntervalMs: 20 });
    await late.start();
    await late.stop();
    await enqueue(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(emitted).toHaveLength(0);
    if (database.kind === "postgres") expect(await listening()).toBe(0);
  });

  it("resumes undelivered rows after a restart", async () => {
    const first: OutboxEvent[] = [];
    const before = dispatcher((event) => first.push(event));
    await before.start();
    await before.stop();
    await enqueue(4);
    expect(first).toHaveLength(0);
    expect(await undelivered()).toBe(4);

    const second: OutboxEvent[] = [];
    await dispatcher((event) => second.push(event)).start();
    expect(second.map((e) => (e.payload as { seq: number }).seq)).toEqual([0, 1, 2, 3]);
    expect(await undelivered()).toBe(0);
  });

  it("lets two dispatchers on one database emit every row exactly once, each player's in order", async () => {
    const emitted: { by: string; event: OutboxEvent }[] = [];
    const a = dispatcher((event) => emitted.push({ by: "a", event }), { batchSize: 7 });
    const b = dispatcher((event) => emitted.push({ by: "b", event }), { batchSize: 7 });
    await Promise.all([a.start(), b.start()]);
    const writers = Array.from({ length: 10 }, () => enqueue(15));
    const wakeups = Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).drain());
    await Promise.all([...writers, ...wakeups]);
    await until(() => emitted.length >= 150);
    await Promise.all([a.drain(), b.drain()]);
    const ids = emitted.map(({ event }) => event.event_id);
    expect(new Set(ids).size).toBe(150);
    expect(ids).toHaveLength(150);
    // Concurrent transactions commit in any order, so only each writer's own sequence is ordered
    // (a wallet's changes are serialised by its row lock, so the same holds for a player's balance).
    const byUser = new Map<string, number[]>();
    for (const { event } of emitted)
      byUser.set(event.user_guid!, [...(byUser.get(event.user_guid!) ?? []), (event.payload as { seq: number }).seq]);
    expect(byUser.size).toBe(10);
    for (const seqs of byUser.values()) expect(seqs).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(await undelivered()).toBe(0);
  });

  it("delivers a row that commits after later rows went out (a gap behind the head), once", async () => {
    const emitted: OutboxEvent[] = [];
    const d = dispatcher((event) => emitted.push(event));
    await d.start();
    const userGuid = crypto.randomUUID();
    // The slow transaction takes its id first and commits last.
    let commitSlow!: () => void;
    const slowMayCommit = new Promise<void>((resolve) => (commitSlow = resolve));
    let slowInserted!: () => void;
    const slowHasId = new Promise<void>((resolve) => (slowInserted = resolve));
    const slow = database.db.transaction(async (tx) => {
      await enqueueEvent(tx, { type: "customer_segment_added", payload: { seq: 0 }, userGuid });
      slowInserted();
      await slowMayCommit;
    });
    await slowHasId;
    if (database.kind === "pglite") {
      // PGlite runs one transaction at a time: the slow one has to end before another can write.
      commitSlow();
      await slow;
      await enqueue(1, userGuid);
      await d.drain();
      expect(emitted.map((e) => (e.payload as { seq: number }).seq).sort()).toEqual([0, 0]);
      return;
    }
    await enqueue(2, userGuid);
    await d.drain();
    expect(emitted.map((e) => (e.payload as { seq: number }).seq)).toEqual([0, 1]);
    const [cursor] = await database.query<{ gaps: number[][] }>(`SELECT gaps FROM outbox_cursor`);
    expect(cursor!.gaps).toHaveLength(1);
    commitSlow();
    await slow;
    await until(() => emitted.length === 3);
    await d.drain();
    expect(emitted.map((e) => (e.payload as { seq: number }).seq)).toEqual([0, 1, 0]);
    expect(await undelivered()).toBe(0);
    const [after] = await database.query<{ gaps: number[][] }>(`SELECT gaps FROM outbox_cursor`);
    expect(after!.gaps).toEqual([]);
  });

  it("forgets a gap whose row never appears (a rolled-back insert) after its time-to-live", async () => {
    const emitted: OutboxEvent[] = [];
    const d = dispatcher((event) => emitted.push(event));
    await d.start();
    await database.db
      .transaction(async (tx) => {
        await enqueueEvent(tx, { type: "customer_segment_added", payload: { seq: -1 }, userGuid: crypto.randomUUID() });
        throw new Error("roll back");
      })
      .catch(() => {});
    await enqueue(1);
    await d.drain();
    expect(emitted).toHaveLength(1);
    const [cursor] = await database.query<{ head: string; gaps: [number, number, number][] }>(
      `SELECT head, gaps FROM outbox_cursor`,
    );
    expect(cursor!.gaps).toEqual([[Number(cursor!.head) - 1, Number(cursor!.head) - 1, expect.any(Number)]]);
    const later = Date.now() + OUTBOX_GAP_TTL_MS + 1_000;
    const result = await claimOutboxEvents(database.db, (events) => void emitted.push(...events), { now: () => later });
    expect(result).toMatchObject({ busy: false, handled: 0, gapsForgotten: 1 });
    const [after] = await database.query<{ gaps: unknown[] }>(`SELECT gaps FROM outbox_cursor`);
    expect(after!.gaps).toEqual([]);
    expect(emitted).toHaveLength(1);
  });

  it("prunes delivered rows past the retention period, oldest first, and keeps undelivered rows and rows in gaps", async () => {
    await enqueue(4);
    const ids = (await database.query<{ id: string }>(`SELECT id::text AS id FROM outbox_events ORDER BY id`)).map(
      (r) => Number(r.id),
    );
    // Rows 0-2 delivered, row 1 inside a gap (not visible when the head passed it), row 3 past the head.
    await database.query(`UPDATE outbox_cursor SET head = $1, gaps = $2::jsonb`, [
      ids[2],
      JSON.stringify([[ids[1], ids[1], Date.now()]]),
    ]);
    await database.query(`UPDATE outbox_events SET created_at = now() - interval '1 hour'`);
    await database.query(`UPDATE outbox_events SET created_at = now() WHERE id = $1`, [ids[2]]);
    expect(await pruneOutboxEvents(database.db, 15 * 60_000)).toBe(1);
    const left = await database.query<{ seq: number }>(
      `SELECT (payload->>'seq')::int AS seq FROM outbox_events ORDER BY id`,
    );
    expect(left.map((row) => row.seq)).toEqual([1, 2, 3]);
  });
});
