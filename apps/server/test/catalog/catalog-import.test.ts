import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogImportFile, CATALOG_IMPORT_FORMAT } from "@croupier/contract/entities/catalog";
import { CatalogImportError } from "@croupier/db/seed/catalog/import-catalog";
import demoCatalog from "../../../../packages/db/src/seed/catalog/demo-catalog.json" with { type: "json" };
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { importCatalogFile } from "../../src/modules/catalog/import-catalog-file.ts";

// An empty catalogue (no demo seed): everything here comes from the import.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const aggregatorFile = () => ({
  format: CATALOG_IMPORT_FORMAT,
  providers: [
    { external_guid: "agg:studio-1", name: "Studio One", ordering: 2 },
    { external_guid: "agg:studio-2", name: "Studio Two", ordering: 1, icon: "/catalog/providers/two.svg" },
  ],
  tags: [{ name: "Megaspin", category_hex: "#112233", ordering: 5, show_in_slots_section: true, show_as_category: true }],
  games: [
    { external_guid: "agg:g1", provider: "agg:studio-1", game_provider: "agg", section: "Slots", game_name: "Alpha", tags: ["Megaspin"] },
    { external_guid: "agg:g2", provider: "agg:studio-2", game_provider: "agg", section: "Live", game_name: "Beta", currencies: ["USD"], bonus_wage: "12.5" },
  ],
});

const count = async (table: string) => (await ctx.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n;

describe("catalogue import", () => {
  it("the committed demo catalogue is a valid import file with at least 60 house games over 5 studios", () => {
    const parsed = catalogImportFile.parse(demoCatalog);
    expect(parsed.games.length).toBeGreaterThanOrEqual(60);
    expect(new Set(parsed.games.map((g) => g.provider)).size).toBeGreaterThanOrEqual(5);
    expect(parsed.games.every((g) => g.game_provider === "house" && g.external_guid.startsWith("house:"))).toBe(true);
    expect(new Set(parsed.games.map((g) => g.section))).toEqual(new Set(["Live", "Slots"]));
  });

  it("loads a file, and loading it again changes nothing", async () => {
    const first = await importCatalogFile(ctx.database, aggregatorFile());
    expect(first.games).toEqual({ inserted: 2, updated: 0, unchanged: 0 });
    expect(first.providers.inserted).toBe(2);
    expect(first.tags.inserted).toBe(1);
    const before = await ctx.database.query(`SELECT * FROM games ORDER BY external_guid`);
    const second = await importCatalogFile(ctx.database, aggregatorFile());
    expect(second).toEqual({
      providers: { inserted: 0, updated: 0, unchanged: 2 },
      tags: { inserted: 0, updated: 0, unchanged: 1 },
      games: { inserted: 0, updated: 0, unchanged: 2 },
      retagged_games: 0,
    });
    expect(await ctx.database.query(`SELECT * FROM games ORDER BY external_guid`)).toEqual(before);
    expect(await count("games")).toBe(2);
    expect(await count("game_tags")).toBe(1);

    const res = await ctx.app.inject({ url: "/api/v1/catalog/games?game_name=beta" });
    expect(res.json().payload[0]).toMatchObject({ game_name: "Beta", bonus_wage: "12.5", game_provider: "agg" });
    const tags = await ctx.app.inject({ url: "/api/v1/catalog/tags" });
    expect(tags.json().payload.find((t: { name: string }) => t.name === "Megaspin")).toMatchObject({ count: 1, category_hex: "#112233" });
  });

  it("updates changed rows by external id, replaces a game's tags and bumps updated_at only when something changed", async () => {
    const file = aggregatorFile();
    file.games[0]!.game_name = "Alpha Deluxe";
    file.games[0]!.tags = [];
    file.games[1]!.tags = ["Megaspin"];
    const [beta] = await ctx.database.query<{ updated_at: Date }>(`SELECT updated_at FROM games WHERE external_guid = 'agg:g2'`);
    const report = await importCatalogFile(ctx.database, file);
    expect(report.games).toEqual({ inserted: 0, updated: 1, unchanged: 1 });
    expect(report.retagged_games).toBe(2);
    const rows = await ctx.database.query<{ external_guid: string; game_name: string; updated_at: Date }>(
      `SELECT external_guid, game_name, updated_at FROM games ORDER BY external_guid`,
    );
    expect(rows.map((r) => r.game_name)).toEqual(["Alpha Deluxe", "Beta"]);
    expect(rows[1]!.updated_at).toEqual(beta!.updated_at);
    const links = await ctx.database.query<{ external_guid: string }>(
      `SELECT g.external_guid FROM game_tags gt JOIN games g ON g.guid = gt.game_guid`,
    );
    expect(links.map((l) => l.external_guid)).toEqual(["agg:g2"]);
  });

  it("insert-missing mode (the seed) never overwrites staff edits", async () => {
    await ctx.database.query(`UPDATE games SET game_name = 'Edited by staff' WHERE external_guid = 'agg:g1'`);
    const report = await importCatalogFile(ctx.database, aggregatorFile(), "insert-missing");
    expect(report.games).toEqual({ inserted: 0, updated: 0, unchanged: 2 });
    const [row] = await ctx.database.query<{ game_name: string }>(`SELECT game_name FROM games WHERE external_guid = 'agg:g1'`);
    expect(row!.game_name).toBe("Edited by staff");
  });

  it("rejects a bad file as a whole, naming every problem, and writes nothing", async () => {
    const before = await count("games");
    const bad = aggregatorFile();
    bad.games.push(
      { external_guid: "agg:g3", provider: "agg:missing", game_provider: "agg", section: "Casino", game_name: "Gamma", tags: ["Nope"], currencies: ["XXX"] } as never,
    );
    const error = await importCatalogFile(ctx.database, bad).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CatalogImportError);
    const problems = (error as CatalogImportError).problems.join("\n");
    for (const text of ['unknown provider "agg:missing"', 'unknown section "Casino"', 'unknown tag "Nope"', 'unknown currency "XXX"'])
      expect(problems).toContain(text);
    expect(await count("games")).toBe(before);

    const invalid = await importCatalogFile(ctx.database, { format: "other", games: [{ game_name: "" }] }).catch((e: unknown) => e);
    expect((invalid as CatalogImportError).problems.join("\n")).toMatch(/format/);
    const dupes = aggregatorFile();
    dupes.games.push({ ...dupes.games[0]! });
    expect(((await importCatalogFile(ctx.database, dupes).catch((e: unknown) => e)) as CatalogImportError).problems.join()).toContain("duplicate agg:g1");
    const systemTag = aggregatorFile();
    systemTag.tags.push({ name: "Live" } as never);
    expect(((await importCatalogFile(ctx.database, systemTag).catch((e: unknown) => e)) as CatalogImportError).problems.join()).toContain("system tag");
  });
});
