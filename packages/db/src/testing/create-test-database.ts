import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDatabase, type DatabaseHandle } from "../create-database.ts";
import { migrate } from "../migrate.ts";
import { seed } from "../seed/seed.ts";

export type TestDatabase = DatabaseHandle & { name: string };

/**
 * A fresh, migrated and seeded database for one test file.
 * TEST_DATABASE_URL set → a new PostgreSQL database on that server, dropped on close;
 * unset → an in-memory PGlite. The same suite runs on both.
 */
export async function createTestDatabase(
  options: { seed?: boolean; demo?: boolean; demoBonuses?: boolean } = {},
): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  let handle: DatabaseHandle;
  let name = "pglite";
  if (adminUrl) {
    name = `croupier_test_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const inner = await createDatabase({ url: url.toString(), poolMax: 30 });
    handle = {
      ...inner,
      close: async () => {
        await inner.close();
        const dropper = new pg.Client({ connectionString: adminUrl });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await dropper.end();
      },
    };
  } else {
    handle = await createDatabase({});
  }
  await migrate(handle);
  // The demo bonus campaigns only when asked: an active first-deposit offer would change every test's deposits.
  if (options.seed !== false)
    await seed(handle.db, { demo: options.demo ?? false, demoBonuses: options.demoBonuses ?? false });
  return { ...handle, name };
}
