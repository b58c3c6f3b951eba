import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { scanGameTransactions, type ScannedGameTransaction } from "../../src/modules/ledger/scan-game-transactions.ts";

// scanGameTransactions (modules/ledger/scan-game-transactions.ts): every game transaction handed to each
// consumer exactly once, in (created_at, seq) order, in bounded batches, including a row whose
// transaction started before and committed after a later one (PostgreSQL, two connections).

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
});
afterAll(async () => {
  await database?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the scan's safety lag (1 s), so rows just committed are eligible. */
const pastLag = () => sleep(1_100);

/** The statement inserting one game transaction of `marker` (the game_code), without money (the scan reads rows only). */
const insertSql = `INSERT INTO game_transactions (user_guid, wallet_guid, currency_guid, provider_code, game_code, operation, bet_sum, win,
                     balance_before, balance_after, session_id, tradeid, betid, isbet)
                   VALUES (gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), 'scan-test', $1, 'bet', 1, 0, 10, 9,
                           gen_random_uuid(), gen_random_uuid()::text, 'round', true)
                   RETURNING guid`;

async function insertRows(marker: string, n: number): Promise<string[]> {
  const guids: string[] = [];
  for (let i = 0; i < n; i += 1) guids.push((await database.query<{ guid: string }>(insertSql, [marker]))[0]!.guid);
  return guids;
}

/** Scans until nothing is left; returns what was handed over (only rows of `marker`) and every batch size. */
async function drain(consumer: string, marker: string, batch: number) {
  const seen: ScannedGameTransaction[] = [];
  const sizes: number[] = [];
  for (let i = 0; i < 1_000; i += 1) {
    const n = await scanGameTransactions(database.db, {
      consumer,
      batch,
      handle: async (_tx, rows) => {
        sizes.push(rows.length);
        seen.push(...rows.filter((r) => r.game_guid === null && markerOf.get(r.guid) === marker));
      },
    });
    if (n === 0) break;
  }
  return { seen, sizes };
}

// guid → marker of the rows this file inserted (the scanned row has no game_code field).
const markerOf = new Map<string, string>();
async function rowsOf(marker: string, n: number): Promise<string[]> {
  const guids = await insertRows(marker, n);
  for (const g of guids) markerOf.set(g, marker);
  return guids;
}

describe("scanGameTransactions", () => {
  it("hands every row exactly once, in (created_at, seq) order, in batches no larger than asked", async () => {
    const marker = `m-${randomUUID()}`;
    const inserted = await rowsOf(marker, 11);
    await pastLag();
    const consumer = `test-${randomUUID().slice(0, 8)}`;
    const { seen, sizes } = await drain(consumer, marker, 3);
    expect(seen.map((r) => r.guid)).toEqual(inserted);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(3);
    const order = seen.map((r) => [r.created_at, r.seq] as const);
    for (let i = 1; i < order.length; i += 1) expect(order[i]![1]).toBeGreaterThan(order[i - 1]![1]);
    expect(seen[0]).toMatchObject({ operation: "bet", bet_sum: expect.stringMatching(/^1(\.0+)?$/), freespin: false, game_class: null });

    // Once: a later pass hands over only what is new.
    const more = await rowsOf(marker, 2);
    await pastLag();
    expect((await drain(consumer, marker, 3)).seen.map((r) => r.guid)).toEqual(more);
    expect((await drain(consumer, marker, 3)).seen).toEqual([]);
  });

  it("leaves rows younger than the safety lag for a later pass", async () => {
    const consumer = `test-${randomUUID().slice(0, 8)}`;
    const marker = `m-${randomUUID()}`;
    await pastLag();
    await drain(consumer, `nothing-${randomUUID()}`, 100);
    const fresh = await rowsOf(marker, 1);
    expect((await drain(consumer, marker, 100)).seen).toEqual([]);
    await pastLag();
    expect((await drain(consumer, marker, 100)).seen.map((r) => r.guid)).toEqual(fresh);
  });

  it("keeps consumers independent", async () => {
    const marker = `m-${randomUUID()}`;
    const inserted = await rowsOf(marker, 4);
    await pastLag();
    const a = `test-a-${randomUUID().slice(0, 8)}`;
    const b = `test-b-${randomUUID().slice(0, 8)}`;
    expect((await drain(a, marker, 2)).seen.map((r) => r.guid)).toEqual(inserted);
    expect((await drain(a, marker, 2)).seen).toEqual([]);
    // B starts at the beginning whatever A did.
    expect((await drain(b, marker, 50)).seen.map((r) => r.guid)).toEqual(inserted);
  });

  it("a handler that throws rolls the batch back: the cursor stays and the rows come again", async () => {
    const marker = `m-${randomUUID()}`;
    const inserted = await rowsOf(marker, 3);
    await pastLag();
    const consumer = `test-${randomUUID().slice(0, 8)}`;
    await expect(
      scanGameTransactions(database.db, {
        consumer,
        batch: 5_000,
        handle: async () => {
          throw new Error("handler failed");
        },
      }),
    ).rejects.toThrow("handler failed");
    expect((await drain(consumer, marker, 5_000)).seen.map((r) => r.guid)).toEqual(inserted);
  });

  it("refuses a batch out of bounds and a consumer name too long", async () => {
    const handle = async () => {};
    await expect(scanGameTransactions(database.db, { consumer: "x", batch: 0, handle })).rejects.toThrow(/batch/);
    await expect(scanGameTransactions(database.db, { consumer: "x", batch: 5_001, handle })).rejects.toThrow(/batch/);
    await expect(scanGameTransactions(database.db, { consumer: "x".repeat(65), batch: 1, handle })).rejects.toThrow(/consumer/);
  });

  it.skipIf(!hasPostgres)("a row committed after a later one (its transaction started earlier) is still handed over exactly once", async () => {
    const marker = `m-${randomUUID()}`;
    const consumer = `test-${randomUUID().slice(0, 8)}`;
    await pastLag();
    await drain(consumer, marker, 100);
    const slow = await database.pool!.connect();
    try {
      // The slow transaction starts first: its row's created_at (now() = transaction start) is the earlier one.
      await slow.query("BEGIN");
      const early = (await slow.query<{ guid: string }>(insertSql, [marker])).rows[0]!.guid;
      markerOf.set(early, marker);
      await sleep(50);
      const [late] = await rowsOf(marker, 1);
      await pastLag();
      // The late row is committed and past the lag, but the open transaction holds the horizon back.
      expect((await drain(consumer, marker, 100)).seen).toEqual([]);
      await slow.query("COMMIT");
      await pastLag();
      const { seen } = await drain(consumer, marker, 100);
      expect(seen.map((r) => r.guid)).toEqual([early, late]);
      expect((await drain(consumer, marker, 100)).seen).toEqual([]);
    } finally {
      slow.release();
    }
  });

  it.skipIf(!hasPostgres)("two scanners of one consumer at once: the second skips while the first holds the cursor", async () => {
    const marker = `m-${randomUUID()}`;
    const inserted = await rowsOf(marker, 6);
    await pastLag();
    const consumer = `test-${randomUUID().slice(0, 8)}`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const seen: string[] = [];
    const first = scanGameTransactions(database.db, {
      consumer,
      batch: 5_000,
      handle: async (_tx, rows) => {
        seen.push(...rows.filter((r) => markerOf.get(r.guid) === marker).map((r) => r.guid));
        entered();
        await held;
      },
    });
    await inside;
    const second = await scanGameTransactions(database.db, {
      consumer,
      batch: 5_000,
      handle: async (_tx, rows) => {
        seen.push(...rows.filter((r) => markerOf.get(r.guid) === marker).map((r) => r.guid));
      },
    });
    expect(second).toBe(0);
    release();
    await first;
    expect(seen).toEqual(inserted);
    expect((await drain(consumer, marker, 100)).seen).toEqual([]);
  });
});
