import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { seed } from "@croupier/db/seed/seed";
import { demoSegmentGuid } from "@croupier/db/seed/seed-segments-demo";
import { runSegmentSweep } from "../../src/modules/segments/run-segment-sweep.ts";
import { listPaymentMethods } from "../../src/modules/payments/list-payment-methods.ts";

// The demo segments (issue #18): seeded once (a re-run changes nothing), evaluated for every player
// by the sweep's rebuild, and VIP brings its payment segment's methods.

let db: TestDatabase;
const log = { info: () => {}, error: () => {}, warn: () => {} } as never;

beforeAll(async () => {
  db = await createTestDatabase({ demo: true, demoBonuses: true });
}, 120_000);
afterAll(async () => {
  await db?.close();
});

describe("demo segments", () => {
  it("are idempotent, evaluated by the sweep, and VIP adds its payment methods", async () => {
    await seed(db.db, { demo: true, demoBonuses: true });
    const segments = await db.query<{ name: string; rules: unknown[] }>(
      "SELECT name, rules FROM segments ORDER BY name",
    );
    expect(segments.map((s) => s.name)).toEqual(
      expect.arrayContaining(["VIP", "New players", "Verified", "Hand-picked"]),
    );
    for (let pass = 0; pass < 20; pass += 1) {
      await runSegmentSweep(db.db, log);
      const [state] = await db.query<{ cursor: string | null }>(
        "SELECT rebuild_cursor::text AS cursor FROM segment_sweep_state",
      );
      if (state?.cursor === null) break;
    }
    const [fresh] = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM user_segments WHERE segment_guid = $1 AND source = 'rule'",
      [demoSegmentGuid("new-players")],
    );
    expect(fresh!.n).toBeGreaterThan(0);

    const [player] = await db.query<{ guid: string }>(
      "SELECT guid FROM users WHERE NOT is_admin ORDER BY created_at LIMIT 1",
    );
    const before = (await listPaymentMethods(db.db, { playerGuid: player!.guid, segmentGuids: [] })).map((m) => m.name);
    expect(before).not.toContain("VIP bank card");
    await db.query(
      "INSERT INTO user_segments (user_guid, segment_guid, source) VALUES ($1, $2, 'manual') ON CONFLICT DO NOTHING",
      [player!.guid, demoSegmentGuid("vip")],
    );
    const after = (await listPaymentMethods(db.db, { playerGuid: player!.guid, segmentGuids: [] })).map((m) => m.name);
    expect(after).toEqual(["VIP bank card", "Bank card", "Cryptocurrency"]);
  });
});
