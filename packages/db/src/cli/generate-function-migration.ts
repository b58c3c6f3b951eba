// npm run db:functions [-- --name <tag>] [--all]: writes a migration that applies, with CREATE OR
// REPLACE, every file in packages/db/functions whose text the latest migration defining its
// function does not carry (--all: every file). Drizzle-kit prepares the migration (journal entry,
// snapshot) as for any custom migration; this fills it in. Nothing to apply, nothing written.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { checkFunctionFiles, functionsFolder, migrationsFolder, renderFunctionMigration } from "../sql-functions.ts";

const { values } = parseArgs({
  options: { name: { type: "string", default: "sql_functions" }, all: { type: "boolean", default: false } },
});
if (!/^[a-z0-9_]{1,60}$/.test(values.name))
  throw new Error("--name: lower-case letters, digits and _ only, at most 60");

const check = checkFunctionFiles();
if (check.misnamed.length > 0 || check.missing.length > 0) {
  for (const file of check.misnamed)
    console.error(`${file}: must define exactly the function its name says, with CREATE OR REPLACE`);
  for (const name of check.missing)
    console.error(
      `${name}: defined in a migration but has no file in ${path.relative(process.cwd(), functionsFolder)}`,
    );
  process.exit(1);
}
const files = values.all ? check.files : check.stale;
if (files.length === 0) {
  console.log("Every function file is what the migrations define: nothing to generate.");
  process.exit(0);
}

const journalPath = path.join(migrationsFolder, "meta/_journal.json");
const lastTag = () =>
  (JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] }).entries.at(-1)!.tag;
const before = lastTag();
// Its package exports no bin path: the bin sits beside the main entry.
const drizzleKit = path.join(path.dirname(createRequire(import.meta.url).resolve("drizzle-kit")), "bin.cjs");
execFileSync(process.execPath, [drizzleKit, "generate", "--custom", "--name", values.name], {
  cwd: path.dirname(migrationsFolder),
  stdio: "inherit",
});
const tag = lastTag();
if (tag === before) throw new Error("drizzle-kit added no migration");
fs.writeFileSync(path.join(migrationsFolder, `${tag}.sql`), renderFunctionMigration(files));
console.log(`migrations/${tag}.sql applies ${files.map((f) => f.file).join(", ")}`);
