import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { edgeGame, game, type Game } from "@croupier/contract/entities/game";
import { listEnvelope } from "@croupier/contract/envelope";
import { importCatalog, type CatalogData } from "@croupier/db/seed/catalog/import-catalog";
import { currentSnapshot } from "../../src/modules/catalog/catalog-snapshot.ts";
import { buildCatalogTestApp, type CatalogTestContext } from "./catalog-test-app.ts";

// The lobby's pages are slices of lists kept per catalogue version (ADR 043). These tests hold
// them to the obvious query: ORDER BY the lobby order, LIMIT/OFFSET, count(*), on a catalogue
// full of ties in the sort key (a handful of orderings and names, so the guid decides).

let ctx: CatalogTestContext;
let player: { userId: string; headers: Record<string, string> };
let slots: string;
let live: string;
let tagGuid: Record<string, string>;
let providerGuid: Record<string, string>;
let eur: string;

const GAMES = 240;

function generateCatalogue(): CatalogData {
  let state = 7;
  const rand = () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
  const providers = Array.from({ length: 6 }, (_, i) => ({
    external_guid: `pages:studio-${i}`,
    name: `Pages Studio ${i}`,
    ordering: i,
    is_enabled: i !== 5,
  }));
  const tags = Array.from({ length: 5 }, (_, i) => ({
    name: `Pages tag ${i}`,
    ordering: i,
    show_as_category: true,
    show_as_label: i === 0,
  }));
  const words = ["Gold", "Moon", "Star", "Frost"];
  const games = Array.from({ length: GAMES }, (_, i) => {
    const isLive = rand() < 0.25;
    const gameTags = tags.filter(() => rand() < 0.3).map((t) => t.name);
    return {
      external_guid: `pages:game-${i}`,
      provider: providers[Math.floor(rand() * providers.length)]!.external_guid,
      game_provider: "pages",
      section: isLive ? "Live" : "Slots",
      // Four names and three orderings: ties everywhere, broken by the guid.
      game_name: `${words[Math.floor(rand() * words.length)]} Game`,
      ordering: [0, 5, 10][Math.floor(rand() * 3)]!,
      status: rand() < 0.1 ? ("maintenance" as const) : ("active" as const),
      can_desktop: rand() < 0.8,
      can_mobile: rand() < 0.7,
      can_demo: !isLive,
      currencies: rand() < 0.2 ? ["USD"] : [],
      tags: gameTags,
    };
  });
  return { providers, tags, games };
}

type Filters = Record<string, string>;

/** The reference: the lobby order by LIMIT/OFFSET and a count, written out plainly. */
async function reference(filters: Filters, page: number, perPage: number, userId: string | null) {
  const params: unknown[] = [];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ["p.is_enabled", `g.game_status = ${p(filters.game_status ?? "active")}`];
  for (const column of ["system_tag_guid", "provider_guid"])
    if (filters[column]) where.push(`g.${column} = ${p(filters[column])}`);
  for (const column of ["can_desktop", "can_mobile"])
    if (filters[column]) where.push(`g.${column} = ${p(filters[column] === "true")}`);
  if (filters.tag_guid)
    where.push(
      `EXISTS (SELECT 1 FROM game_tags gt WHERE gt.game_guid = g.guid AND gt.tag_guid = ${p(filters.tag_guid)})`,
    );
  if (filters.game_name) where.push(`position(lower(${p(filters.game_name)}) in lower(g.game_name)) > 0`);
  if (filters.game_currency_guid)
    where.push(`(g.currency_guids = '{}' OR ${p(filters.game_currency_guid)}::uuid = ANY(g.currency_guids))`);
  if (filters.favorites_only)
    where.push(`EXISTS (SELECT 1 FROM favorites f WHERE f.game_guid = g.guid AND f.user_guid = ${p(userId)})`);
  const from = `FROM games g JOIN providers p ON p.guid = g.provider_guid WHERE ${where.join(" AND ")}`;
  const [{ total }] = (await ctx.database.query<{ total: number }>(
    `SELECT count(*)::int AS total ${from}`,
    params,
  )) as [{ total: number }];
  const favorite = userId
    ? `EXISTS (SELECT 1 FROM favorites f WHERE f.game_guid = g.guid AND f.user_guid = ${p(userId)})`
    : "false";
  const rows = await ctx.database.query<{ guid: string; is_favorite: boolean }>(
    `SELECT g.guid, ${favorite} AS is_favorite ${from}
     ORDER BY g.game_ordering, g.game_name, g.guid LIMIT ${p(perPage)} OFFSET ${p((page - 1) * perPage)}`,
    params,
  );
  return { total, rows };
}

async function listed(path: string, filters: Filters, page: number, perPage: number, headers: Record<string, string>) {
  const query = new URLSearchParams({ ...filters, page: String(page), per_page: String(perPage) });
  const res = await ctx.app.inject({ method: "GET", url: `/api/v1/${path}?${query}`, headers });
  expect(res.statusCode, `${path}?${query}`).toBe(200);
  return res;
}

beforeAll(async () => {
  ctx = await buildCatalogTestApp({ demo: false });
  await importCatalog(ctx.database.db, generateCatalogue());
  const tags = await ctx.database.query<{ guid: string; name: string }>(`SELECT guid, name FROM tags`);
  tagGuid = Object.fromEntries(tags.map((t) => [t.name, t.guid]));
  slots = tagGuid.Slots!;
  live = tagGuid.Live!;
  const providers = await ctx.database.query<{ guid: string; name: string }>(`SELECT guid, name FROM providers`);
  providerGuid = Object.fromEntries(providers.map((p) => [p.name, p.guid]));
  [{ guid: eur }] = (await ctx.database.query<{ guid: string }>(`SELECT guid FROM currencies WHERE code = 'EUR'`)) as [
    { guid: string },
  ];
  player = await ctx.createPlayer();
  // Every seventh game: favourites on the first pages and the deep ones, some of a disabled studio.
  await ctx.database.query(
    `INSERT INTO favorites (user_guid, game_guid)
     SELECT $1, guid FROM (SELECT guid, row_number() OVER (ORDER BY external_guid) AS n FROM games) x WHERE n % 7 = 0`,
    [player.userId],
  );
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("catalogue pages against LIMIT/OFFSET", () => {
  it("match for every filter combination the lobby sends, every page, both lists, visitor and player", async () => {
    const combinations: Filters[] = [
      {},
      { can_mobile: "true" },
      { can_desktop: "true" },
      { system_tag_guid: slots, can_mobile: "true" },
      { system_tag_guid: live, can_desktop: "true" },
      { system_tag_guid: slots, tag_guid: tagGuid["Pages tag 1"]!, can_desktop: "true" },
      { tag_guid: tagGuid["Pages tag 3"]! },
      { system_tag_guid: slots, provider_guid: providerGuid["Pages Studio 2"]!, can_mobile: "true" },
      { provider_guid: providerGuid["Pages Studio 5"]! },
      { game_name: "gold", can_desktop: "true" },
      { game_name: "O" },
      { game_status: "maintenance" },
      { game_currency_guid: eur },
      { favorites_only: "true", can_mobile: "true" },
      { favorites_only: "true", system_tag_guid: slots },
    ];
    let compared = 0;
    for (const path of ["catalog/games", "edgesync/catalog/games"]) {
      const schema = listEnvelope(path.startsWith("edgesync") ? edgeGame : game);
      for (const who of ["visitor", "player"] as const) {
        const headers = who === "player" ? player.headers : {};
        const userId = who === "player" ? player.userId : null;
        for (const filters of combinations) {
          if (filters.favorites_only && who === "visitor") continue;
          for (const perPage of [24, 7, 200]) {
            const { total } = await reference(filters, 1, perPage, userId);
            const last = Math.max(1, Math.ceil(total / perPage));
            const pages = perPage === 200 ? [1, 2] : [...new Set([1, 2, Math.ceil(last / 2), last, last + 1])];
            for (const page of pages) {
              const res = await listed(path, filters, page, perPage, headers);
              const want = await reference(filters, page, perPage, userId);
              const body = res.json() as { payload: Game[]; metadata: Record<string, unknown> };
              const label = `${path} ${who} ${JSON.stringify(filters)} page ${page} of ${perPage}`;
              expect(body.metadata, label).toEqual({
                request_id: res.headers["x-request-id"],
                page,
                per_page: perPage,
                total: want.total,
              });
              expect(
                body.payload.map((g) => [g.guid, g.is_favorite]),
                label,
              ).toEqual(want.rows.map((r) => [r.guid, r.is_favorite]));
              // Key for key what the route's response schema serialises.
              expect(res.body, label).toBe(JSON.stringify(z.encode(schema, body as never)));
              expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
              compared++;
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    // The first sight of a combination pages by OFFSET; the pages after it came from the kept lists.
    expect(currentSnapshot(ctx.database)!.lists.size).toBeGreaterThanOrEqual(combinations.length - 2);
  }, 300_000);

  it("fills each game's fields as the database has them", async () => {
    const res = await listed(
      "edgesync/catalog/games",
      { provider_guid: providerGuid["Pages Studio 1"]! },
      1,
      200,
      player.headers,
    );
    const payload = res.json().payload as (Game & { provider: string; label: string | null })[];
    expect(payload.length).toBeGreaterThan(0);
    const rows = await ctx.database.query<{
      guid: string;
      external_guid: string;
      ordering: number;
      tags: string[];
      label: string | null;
    }>(
      `SELECT g.guid, g.external_guid, g.game_ordering AS ordering,
              ARRAY(SELECT tag_guid::text FROM game_tags WHERE game_guid = g.guid ORDER BY tag_guid) AS tags,
              (SELECT t.name FROM game_tags gt JOIN tags t ON t.guid = gt.tag_guid WHERE gt.game_guid = g.guid AND t.show_as_label LIMIT 1) AS label
       FROM games g WHERE g.provider_guid = $1`,
      [providerGuid["Pages Studio 1"]],
    );
    const byGuid = new Map(rows.map((r) => [r.guid, r]));
    for (const g of payload) {
      const row = byGuid.get(g.guid)!;
      expect(g).toMatchObject({
        external_guid: row.external_guid,
        game_ordering: row.ordering,
        project_tag_guids: row.tags,
        label: row.label,
        provider: "Pages Studio 1",
      });
    }
  });

  it("shows a change at once, deep pages included, whoever made it", async () => {
    const perPage = 7;
    const { total } = await reference({}, 1, perPage, null);
    const last = Math.ceil(total / perPage);
    const before = await listed("catalog/games", {}, last, perPage, {});
    const first = (await listed("catalog/games", {}, 1, perPage, {})).json().payload[0] as Game;
    // Plain SQL, as another process or staff would: the first game moves to the very end.
    await ctx.database.query(`UPDATE games SET game_ordering = 1000 WHERE guid = $1`, [first.guid]);
    try {
      const after = (await listed("catalog/games", {}, last, perPage, {})).json().payload as Game[];
      expect(after.at(-1)).toMatchObject({ guid: first.guid, game_ordering: 1000 });
      expect(after.map((g) => g.guid)).not.toEqual(before.json().payload.map((g: Game) => g.guid));
      const want = await reference({}, last, perPage, null);
      expect(after.map((g) => g.guid)).toEqual(want.rows.map((r) => r.guid));
    } finally {
      await ctx.database.query(`UPDATE games SET game_ordering = $2 WHERE guid = $1`, [
        first.guid,
        first.game_ordering,
      ]);
    }
    expect((await listed("catalog/games", {}, 1, perPage, {})).json().payload[0].guid).toBe(first.guid);

    // A favourite marked or unmarked (no catalogue version: favourites are the player's own) shows at once too.
    const page = (await listed("catalog/games", {}, 3, perPage, player.headers)).json().payload as Game[];
    const plain = page.find((g) => !g.is_favorite)!;
    await ctx.database.query(`INSERT INTO favorites (user_guid, game_guid) VALUES ($1, $2)`, [
      player.userId,
      plain.guid,
    ]);
    try {
      const again = (await listed("catalog/games", {}, 3, perPage, player.headers)).json().payload as Game[];
      expect(again.find((g) => g.guid === plain.guid)!.is_favorite).toBe(true);
      const favourites = (await listed("catalog/games", { favorites_only: "true" }, 1, 200, player.headers)).json();
      expect(favourites.payload.map((g: Game) => g.guid)).toContain(plain.guid);
    } finally {
      await ctx.database.query(`DELETE FROM favorites WHERE user_guid = $1 AND game_guid = $2`, [
        player.userId,
        plain.guid,
      ]);
    }
    const visitor = (await listed("catalog/games", {}, 3, perPage, {})).json().payload as Game[];
    expect(visitor.every((g) => !g.is_favorite)).toBe(true);
  });
});
