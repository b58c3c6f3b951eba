import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../src/testing/create-test-database.ts";
import {
  checkFunctionFiles,
  migrationsFolder,
  readFunctionFiles,
  renderFunctionMigration,
} from "../src/sql-functions.ts";

// packages/db/functions holds the current definition of every SQL function (ADR 016). These tests
// fail when a file and the migrations disagree (edit a file, then run npm run db:functions), when a
// migration defines a function inline, and when the database ends up running anything else.

/** The body between the dollar quotes, as PostgreSQL stores it (pg_proc.prosrc). */
function bodyOf(text: string): string {
  const start = text.indexOf("$$");
  const end = text.lastIndexOf("$$");
  return text.slice(start + 2, end);
}

describe("function files and migrations", () => {
  it("agree: every file is its function's latest migration definition, and every function has a file", () => {
    const check = checkFunctionFiles();
    expect(check.files.length).toBeGreaterThan(0);
    expect(check.misnamed, "files that must define exactly the function their name says").toEqual([]);
    expect(check.missing, "functions defined in a migration without a file in packages/db/functions").toEqual([]);
    expect(
      check.stale.map((f) => f.file),
      "files edited without a migration: run npm run db:functions",
    ).toEqual([]);
  });

  it("catch a file edited without a new migration, and a file that names another function", () => {
    const files = readFunctionFiles();
    const edited = files.map((f) =>
      f.name === "player_bet_limit_reached" ? { ...f, text: f.text.replace("LIMIT 1", "LIMIT 2") } : f,
    );
    expect(checkFunctionFiles(edited).stale.map((f) => f.name)).toEqual(["player_bet_limit_reached"]);
    // Whitespace alone is no disagreement.
    const reflowed = files.map((f) => ({ ...f, text: f.text.replace(/\n/g, "\n  ") }));
    expect(checkFunctionFiles(reflowed).stale).toEqual([]);
    const renamed = files.map((f) =>
      f.name === "bump_catalog_version" ? { ...f, name: "bump_catalogue_version" } : f,
    );
    const check = checkFunctionFiles(renamed);
    expect(check.misnamed).toEqual(["bump-catalog-version.sql"]);
    expect(check.missing).toEqual(["bump_catalog_version"]);
  });

  it("render a migration the check accepts", () => {
    const files = readFunctionFiles();
    const rendered = renderFunctionMigration(files);
    for (const file of files) expect(rendered.replace(/\s+/g, " ")).toContain(file.text.replace(/\s+/g, " ").trim());
  });
});

describe("function files in the database", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seed: false });
  });
  afterAll(async () => {
    await database?.close();
  });

  const definedFunctions = () =>
    database.query<{ name: string; body: string; config: string[] | null }>(
      `SELECT p.proname AS name, p.prosrc AS body, p.proconfig AS config
         FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace
          -- Functions of extensions (pg_trgm's, where the server has it) are theirs, not ours.
          AND NOT EXISTS (SELECT 1 FROM pg_depend d
                           WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
        ORDER BY p.proname`,
    );

  it("runs exactly the files' definitions after the migrations, and no function without a file", async () => {
    const files = readFunctionFiles();
    const defined = await definedFunctions();
    expect(defined.map((f) => f.name)).toEqual(files.map((f) => f.name).sort());
    for (const file of files) {
      expect(defined.find((f) => f.name === file.name)?.body, file.file).toBe(bodyOf(file.text));
    }
  });

  it("applies every file again (CREATE OR REPLACE) and the latest migration again without error or change", async () => {
    const before = await definedFunctions();
    for (const file of readFunctionFiles()) await database.query(file.text);
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    const latest = fs.readFileSync(path.join(migrationsFolder, `${journal.entries.at(-1)!.tag}.sql`), "utf8");
    for (const statement of latest.split("--> statement-breakpoint")) {
      if (/\bCREATE\s+OR\s+REPLACE\s+FUNCTION\b/i.test(statement)) await database.query(statement);
    }
    expect(await definedFunctions()).toEqual(before);
  });
});
