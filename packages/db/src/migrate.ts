import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "./create-database.ts";

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../migrations");

// Applies the committed SQL migrations in order; safe to run on every start.
// On PostgreSQL an advisory lock keeps two starting processes from racing.
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, { migrationsFolder });
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query("SELECT pg_advisory_lock(727274)");
    await migratePg(handle.db as never, { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727274)").catch(() => {});
    client.release();
  }
}
