import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { BATCH_SLOT_WAIT_MS, databaseBatchSlot, setDatabaseBatchSlots } from "../../src/lib/database-batch-slot.ts";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe("databaseBatchSlot without a shared database", () => {
  it("gives no slot on PGlite, with 0 slots, unconfigured or on a pool too small to hold one", () => {
    const slotFor = databaseBatchSlot(`test-${randomBytes(4).toString("hex")}`);
    const pglite = { db: {} };
    setDatabaseBatchSlots(pglite, 1);
    expect(slotFor(pglite)).toBeUndefined();
    const pool = (max: number) => ({ options: { max } }) as never;
    const off = { db: {}, pool: pool(10) };
    setDatabaseBatchSlots(off, 0);
    expect(slotFor(off)).toBeUndefined();
    expect(slotFor({ db: {}, pool: pool(10) })).toBeUndefined();
    const small = { db: {}, pool: pool(3) };
    setDatabaseBatchSlots(small, 1);
    expect(slotFor(small)).toBeUndefined();
    const fine = { db: {}, pool: pool(4) };
    setDatabaseBatchSlots(fine, 1);
    expect(slotFor(fine)).toBeDefined();
  });

  it("refuses a slot count that is not an integer in 0..64", () => {
    for (const bad of [-1, 1.5, 65, Number.NaN]) {
      expect(() => setDatabaseBatchSlots({ db: {} }, bad)).toThrow("batch slots must be an integer in 0..64");
    }
  });
});

// Two handles on one PostgreSQL database stand for two server processes.
describe.skipIf(!hasPostgres)("databaseBatchSlot on PostgreSQL (two processes)", () => {
  let first: DatabaseHandle;
  let second: DatabaseHandle;

  beforeAll(async () => {
    first = await createDatabase({ url: process.env.TEST_DATABASE_URL!, poolMax: 4 });
    second = await createDatabase({ url: process.env.TEST_DATABASE_URL!, poolMax: 4 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  // A wait bound far above any stall of a busy machine, so only the test decides when a slot comes free;
  // the stuck-holder test uses the real one.
  const slotsOf = (slots: number, wait_ms = 30_000) => {
    const name = `test-${randomBytes(6).toString("hex")}`;
    setDatabaseBatchSlots(first, slots);
    setDatabaseBatchSlots(second, slots);
    const [a, b] = [databaseBatchSlot(name, wait_ms)(first)!, databaseBatchSlot(name, wait_ms)(second)!];
    // The same slots with the long bound, for checking after a timeout that they still work.
    const patient = databaseBatchSlot(name, 30_000)(second)!;
    return [a, b, patient] as const;
  };

  it("with one slot, the second process waits until the first gives it back", async () => {
    const [a, b] = slotsOf(1);
    const releaseA = await a.acquire();
    expect(releaseA).toBeTypeOf("function");
    let bHeld = false;
    const bAcquired = b.acquire().then((release) => {
      bHeld = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bHeld).toBe(false);
    releaseA!();
    const releaseB = await bAcquired;
    expect(releaseB).toBeTypeOf("function");
    // And back: the first process now waits for the second.
    let aHeld = false;
    const aAgain = a.acquire().then((release) => {
      aHeld = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(aHeld).toBe(false);
    releaseB!();
    (await aAgain)!();
  });

  it("with two slots, both processes hold one at once and a third batch waits", async () => {
    const [a, b] = slotsOf(2);
    const [releaseA, releaseB] = await Promise.all([a.acquire(), b.acquire()]);
    expect(releaseA).toBeTypeOf("function");
    expect(releaseB).toBeTypeOf("function");
    let thirdHeld = false;
    const third = a.acquire().then((release) => {
      thirdHeld = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(thirdHeld).toBe(false);
    // A waiter waits on its process's own slot (either of the two): once both are free it has one.
    releaseB!();
    releaseA!();
    const releaseThird = await third;
    expect(releaseThird).toBeTypeOf("function");
    releaseThird!();
  });

  it("a holder that never gives the slot back holds the others up for the wait bound only: they run without it", async () => {
    const [a, b, patient] = slotsOf(1, BATCH_SLOT_WAIT_MS);
    const stuck = await a.acquire();
    const started = performance.now();
    expect(await b.acquire()).toBeUndefined();
    expect(performance.now() - started).toBeGreaterThanOrEqual(BATCH_SLOT_WAIT_MS - 10);
    stuck!();
    // The connection that timed out went back to the pool clean: the slot works again.
    const again = await patient.acquire();
    expect(again).toBeTypeOf("function");
    again!();
  });
});
