import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../src/testing/create-test-database.ts";
import { seed } from "../src/seed/seed.ts";
import { deterministicGuid } from "../src/seed/deterministic-guid.ts";

const TABLES = [
  "countries",
  "currencies",
  "currency_networks",
  "currency_pairs",
  "languages",
  "project_settings",
  "tags",
  "users",
  "providers",
  "games",
  "wallets",
];

async function ledgerTransferCount(db: TestDatabase) {
  const [row] = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers");
  return row?.n ?? 0;
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function snapshot() {
  const result: Record<string, string[]> = {};
  for (const table of TABLES) {
    const rows = await database.query<{ guid: string }>(`SELECT guid FROM ${table} ORDER BY guid`);
    result[table] = rows.map((r) => r.guid);
  }
  return result;
}

describe("seed", () => {
  it("derives stable RFC 9562 guids from names", () => {
    const guid = deterministicGuid("country:GB");
    expect(guid).toBe(deterministicGuid("country:GB"));
    expect(guid).not.toBe(deterministicGuid("country:US"));
    expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("is idempotent: a second and third run change no row", async () => {
    const before = await snapshot();
    const limitsBefore = await database.query(
      "SELECT code, min_deposit::text, updated_at::text FROM currencies ORDER BY code",
    );
    await seed(database.db, { demo: false });
    await seed(database.db, { demo: false });
    expect(await snapshot()).toEqual(before);
    expect(
      await database.query("SELECT code, min_deposit::text, updated_at::text FROM currencies ORDER BY code"),
    ).toEqual(limitsBefore);
  });

  it("is idempotent with demo data too: the second demo run changes no row", async () => {
    await seed(database.db, { demo: true });
    const afterFirstDemo = await snapshot();
    const transfers = await ledgerTransferCount(database);
    expect(transfers).toBeGreaterThan(0);
    await seed(database.db, { demo: true });
    expect(await snapshot()).toEqual(afterFirstDemo);
    expect(await ledgerTransferCount(database)).toBe(transfers);
    // The two demo players (the second one sits at shared live tables in the browser tests), each funded once.
    const users = await database.query<{ email: string; wallets: number; usd: string }>(
      `SELECT u.email, count(w.guid)::int AS wallets, max(CASE WHEN c.code = 'USD' THEN w.balance END)::text AS usd
         FROM users u LEFT JOIN wallets w ON w.customer_guid = u.guid LEFT JOIN currencies c ON c.guid = w.currency_guid
        GROUP BY u.email ORDER BY u.email`,
    );
    expect(users.map((row) => [row.email, row.wallets, Number(row.usd)])).toEqual([
      ["demo2@example.com", 1, 1000],
      ["demo@example.com", 2, 1000],
    ]);
  });

  it("never overwrites what an operator changed", async () => {
    await database.query("UPDATE currencies SET min_deposit = 25 WHERE code = 'EUR'");
    await seed(database.db, { demo: false });
    const [eur] = await database.query<{ v: string }>(
      "SELECT trim_scale(min_deposit)::text AS v FROM currencies WHERE code = 'EUR'",
    );
    expect(eur?.v).toBe("25");
  });

  it("writes the reference data with the expected guids", async () => {
    const counts = await snapshot();
    expect(counts.countries!.length).toBe(250);
    expect(counts.currencies!.length).toBe(10);
    expect(counts.currency_networks!.length).toBe(4);
    expect(counts.currency_pairs!.length).toBe(9);
    expect(counts.languages!.length).toBe(1);
    expect(counts.project_settings!.length).toBe(1);
    const systemTags = await database.query<{ name: string }>("SELECT name FROM tags WHERE type = 'system' ORDER BY name");
    expect(systemTags.map((t) => t.name)).toEqual(["Live", "Slots"]);
    const [gb] = await database.query<{ guid: string; iso3: string; country_code: string }>(
      "SELECT guid, iso3, country_code FROM countries WHERE iso2 = 'GB'",
    );
    expect(gb).toEqual({ guid: deterministicGuid("country:GB"), iso3: "GBR", country_code: "44" });
  });

  it("keeps every limit within its currency's decimals and min below max", async () => {
    const rows = await database.query<Record<string, string | number>>(
      `SELECT code, decimals,
              scale(trim_scale(min_bet_slot_real)) AS s1, scale(trim_scale(min_bet_live_real)) AS s2,
              scale(trim_scale(bonus_threshold)) AS s3, scale(trim_scale(min_deposit)) AS s4,
              (min_bet_slot_real < max_bet_slot_real AND min_bet_live_real < max_bet_live_real
               AND min_deposit < max_deposit AND min_withdraw < max_withdraw
               AND max_bet_slot_bonus <= max_bet_slot_real AND max_bet_live_bonus <= max_bet_live_real) AS ordered
         FROM currencies`,
    );
    for (const row of rows) {
      for (const key of ["s1", "s2", "s3", "s4"])
        expect(Number(row[key]), `${row.code} ${key}`).toBeLessThanOrEqual(Number(row.decimals));
      expect(row.ordered, String(row.code)).toBe(true);
    }
  });
});
