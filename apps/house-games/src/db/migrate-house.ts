import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { DatabaseHandle } from "@croupier/db/create-database";

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../migrations");
const config = { migrationsFolder, migrationsSchema: "house", migrationsTable: "migrations" };

/** Applies the provider's own migrations (schema "house", own journal table); safe on every start. */
export async function migrateHouse(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as never, config);
    return;
  }
  const client = await handle.pool!.connect();
  try {
    await client.query("SELECT pg_advisory_lock(727275)");
    await migratePg(handle.db as never, config);
  } finally {
    await client.query("SELECT pg_advisory_unlock(727275)").catch(() => {});
    client.release();
  }
}
