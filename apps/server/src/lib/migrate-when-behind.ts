import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { migrate } from "@croupier/db/migrate";
import { migrateHouse } from "@croupier/house-games/db/migrate-house";

export type MigrationCheck = {
  /** The platform's migrations ran at this start (the database was empty or behind the journal). */
  platform: boolean;
  /** The house provider's migrations ran. */
  house: boolean;
};

type Journal = { entries: { when: number }[] };

// The two migration journals this process applies: the platform's (packages/db) and the house provider's.
const resolve = createRequire(import.meta.url).resolve;
const journals = {
  platform: path.resolve(path.dirname(resolve("@croupier/db/migrate")), "../migrations/meta/_journal.json"),
  house: path.resolve(
    path.dirname(resolve("@croupier/house-games/db/migrate-house")),
    "../../migrations/meta/_journal.json",
  ),
};

function lastMigrationAt(file: string): number {
  const journal = JSON.parse(fs.readFileSync(file, "utf8")) as Journal;
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Start-up (ADR 039): ONE query reads the newest migration each journal table has applied, and a migrator
 * runs only for a journal the database is behind (Drizzle's migrator applies every migration newer than the
 * newest applied one, so "newest applied ≥ the journal's newest" is exactly "nothing to do"). An empty
 * database has no journal tables: the query fails and both migrators run, as on every start before.
 */
export async function migrateWhenBehind(database: DatabaseHandle): Promise<MigrationCheck> {
  const wanted = { platform: lastMigrationAt(journals.platform), house: lastMigrationAt(journals.house) };
  let applied: { platform: string | null; house: string | null } | undefined;
  try {
    [applied] = await database.query<{ platform: string | null; house: string | null }>(
      `SELECT (SELECT max(created_at) FROM drizzle.__drizzle_migrations)::text AS platform,
              (SELECT max(created_at) FROM house.migrations)::text AS house`,
    );
  } catch {
    applied = undefined; // no journal table yet: a fresh database
  }
  const behind = {
    platform: applied?.platform == null || Number(applied.platform) < wanted.platform,
    house: applied?.house == null || Number(applied.house) < wanted.house,
  };
  if (behind.platform) await migrate(database);
  if (behind.house) await migrateHouse(database);
  return behind;
}
