/**
 * Loads a catalogue file into the database (docs/catalog-import-format.md):
 *
 *   npm run catalog:import -- <file.json> [--insert-missing]
 *
 * Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR, runs
 * pending migrations and the reference-data seed first, and prints what was inserted, updated or left
 * unchanged. Re-running the same file changes nothing.
 */
import fs from "node:fs";
import { createDatabase } from "@croupier/db/create-database";
import { migrate } from "@croupier/db/migrate";
import { seed } from "@croupier/db/seed/seed";
import { CatalogImportError } from "@croupier/db/seed/catalog/import-catalog";
import path from "node:path";
import { loadEnv } from "../env.ts";
import { importCatalogFile } from "../modules/catalog/import-catalog-file.ts";

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  const insertMissing = args.includes("--insert-missing");
  if (!file || args.includes("--help")) {
    console.error("Usage: npm run catalog:import -- <catalogue.json> [--insert-missing]");
    return 2;
  }
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(path.resolve(process.env.INIT_CWD ?? process.cwd(), file), "utf8"));
  } catch (error) {
    console.error(`Cannot read ${file}: ${(error as Error).message}`);
    return 2;
  }
  const env = loadEnv();
  const database = await createDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    log: (m) => console.error(m),
  });
  try {
    await migrate(database);
    // The catalogue refers to reference rows (system tags, currencies); seeding them is idempotent.
    await seed(database.db, { demo: false });
    const started = Date.now();
    const report = await importCatalogFile(database, json, insertMissing ? "insert-missing" : "upsert");
    const line = (name: string, c: { inserted: number; updated: number; unchanged: number }) =>
      `  ${name.padEnd(10)} ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`;
    console.log(`Imported ${file} in ${Date.now() - started} ms`);
    console.log(line("providers", report.providers));
    console.log(line("tags", report.tags));
    console.log(line("games", report.games));
    console.log(`  ${"retagged".padEnd(10)} ${report.retagged_games} games`);
    return 0;
  } catch (error) {
    if (error instanceof CatalogImportError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
