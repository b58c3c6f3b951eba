import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { createTestDatabase } from "@croupier/db/testing/create-test-database";
import { migrateWhenBehind } from "../../src/lib/migrate-when-behind.ts";

/** An empty database: a new PostgreSQL database when TEST_DATABASE_URL is set, else an in-memory PGlite. */
async function emptyDatabase(): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return createDatabase({});
  const name = `croupier_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const inner = await createDatabase({ url: url.toString(), poolMax: 5 });
  return {
    ...inner,
    close: async () => {
      await inner.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** The handle with its statements counted, and Drizzle and the pool (what the migrators use) off limits. */
function queryOnly(database: DatabaseHandle) {
  const statements: string[] = [];
  const forbidden = new Proxy(
    {},
    {
      get: () => {
        throw new Error("a migrator ran");
      },
    },
  );
  const handle: DatabaseHandle = {
    ...database,
    db: forbidden as DatabaseHandle["db"],
    pool: database.pool ? (forbidden as NonNullable<DatabaseHandle["pool"]>) : undefined,
    query: (text, params) => {
      statements.push(text);
      return database.query(text, params);
    },
  };
  return { handle, statements };
}

describe("migrateWhenBehind (start-up, ADR 039)", () => {
  const opened: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const database of opened) await database.close();
  });

  it("migrates an empty database, then finds it up to date with one query and runs no migrator", async () => {
    const database = await emptyDatabase();
    opened.push(database);
    expect(await migrateWhenBehind(database)).toEqual({ platform: true, house: true });
    const [tables] = await database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema IN ('public', 'house')",
    );
    expect(tables!.n).toBeGreaterThan(20);

    const { handle, statements } = queryOnly(database);
    expect(await migrateWhenBehind(handle)).toEqual({ platform: false, house: false });
    expect(statements).toHaveLength(1);
  });

  it("brings a platform-only database's house provider up, then checks both in one query", async () => {
    // createTestDatabase migrates the platform only: the house's journal table is missing, so the one query
    // fails and both migrators run (the platform's finds nothing newer to apply).
    const database = await createTestDatabase({ seed: false });
    opened.push(database);
    const [before] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
    expect(await migrateWhenBehind(database)).toEqual({ platform: true, house: true });
    const [after] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations");
    expect(after!.n).toBe(before!.n);
    const [house] = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM house.migrations");
    expect(house!.n).toBeGreaterThan(0);
    const { handle, statements } = queryOnly(database);
    expect(await migrateWhenBehind(handle)).toEqual({ platform: false, house: false });
    expect(statements).toHaveLength(1);
  });
});
