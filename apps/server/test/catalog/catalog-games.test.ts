import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Game } from "@croupier/contract/entities/game";
import { buildCatalogTestApp, type CatalogTestContext } from "./catalog-test-app.ts";

let ctx: CatalogTestContext;
let all: Game[];
let live: string;
let slots: string;
let tagGuid: Record<string, string>;
let providerGuid: Record<string, string>;

type ListBody = { status: string; payload: Game[]; metadata: { page: number; per_page: number; total: number } };

async function games(query: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.inject({ method: "GET", url: `/api/v1/catalog/games?${query}`, headers });
  return { res, body: res.json() as ListBody };
}

const names = (list: Game[]) => list.map((g) => g.game_name);
const fromAll = (keep: (g: Game) => boolean) => names(all.filter(keep));

beforeAll(async () => {
  ctx = await buildCatalogTestApp();
  all = (await games("per_page=200")).body.payload;
  const tags = await ctx.database.query<{ guid: string; name: string }>(`SELECT guid, name FROM tags`);
  tagGuid = Object.fromEntries(tags.map((t) => [t.name, t.guid]));
  live = tagGuid.Live!;
  slots = tagGuid.Slots!;
  const providers = await ctx.database.query<{ guid: string; name: string }>(`SELECT guid, name FROM providers`);
  providerGuid = Object.fromEntries(providers.map((p) => [p.name, p.guid]));
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /catalog/games", () => {
  it("lists the demo catalogue in lobby order with a pager and public cache headers", async () => {
    const { res, body } = await games("");
    expect(res.statusCode).toBe(200);
    expect(body.metadata).toMatchObject({ page: 1, per_page: 24, total: 64 });
    expect(body.payload).toHaveLength(24);
    expect(all).toHaveLength(64);
    const orderings = all.map((g) => g.game_ordering);
    expect(orderings).toEqual([...orderings].sort((a, b) => a - b));
    expect(res.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(res.headers.vary).toContain("Authorization");
    const pharaoh = all.find((g) => g.external_guid === "house:slot-pharaoh-gold")!;
    expect(pharaoh).toMatchObject({
      game_provider: "house",
      system_tag_guid: slots,
      provider_guid: providerGuid["Sandstone Studio"],
      bonus_wage: "100",
      is_favorite: false,
      game_icon: "/catalog/games/slot-pharaoh-gold.svg",
    });
    expect(pharaoh.project_tag_guids.sort()).toEqual(
      [tagGuid.Popular, tagGuid.Jackpots, tagGuid.Pokies, tagGuid.Hot].sort(),
    );
  });

  it("filters by external_guid, provider, section, tag and case-insensitive name substring", async () => {
    expect(names((await games("external_guid=house:dice-hi-lo-dice")).body.payload)).toEqual(["Hi-Lo Dice"]);
    const studio = (await games(`provider_guid=${providerGuid["Velvet Table"]}&per_page=200`)).body;
    expect(studio.metadata.total).toBe(12);
    expect(names(studio.payload)).toEqual(fromAll((g) => g.provider_guid === providerGuid["Velvet Table"]));
    expect((await games(`system_tag_guid=${live}&per_page=200`)).body.metadata.total).toBe(12);
    expect((await games(`system_tag_guid=${slots}&per_page=200`)).body.metadata.total).toBe(52);
    const roulette = (await games(`tag_guid=${tagGuid["Live roulette"]}`)).body.payload;
    expect(names(roulette)).toEqual([
      "Salon Roulette",
      "Speed Roulette Live",
      "Auto Roulette Live",
      "Double Ball Roulette",
    ]);
    expect(names((await games("game_name=ROULETTE&per_page=200")).body.payload)).toEqual(
      fromAll((g) => g.game_name.toLowerCase().includes("roulette")),
    );
    // LIKE wildcards are matched literally.
    expect((await games("game_name=%25")).body.payload).toEqual([]);
    expect((await games("game_name=_")).body.payload).toEqual([]);
  });

  it("filters by every flag and value", async () => {
    const check = async (query: string, keep: (g: Game) => boolean) => {
      const { body } = await games(`${query}&per_page=200`);
      expect(names(body.payload), query).toEqual(fromAll(keep));
      expect(body.payload.length, query).toBeGreaterThan(0);
    };
    await check("can_desktop=false", (g) => !g.can_desktop);
    await check("can_mobile=false", (g) => !g.can_mobile);
    await check("can_mobile=true", (g) => g.can_mobile);
    await check("can_freespins=true", (g) => g.can_freespins);
    await check("can_jackpot=1", (g) => g.can_jackpot);
    await check("can_demo=0", (g) => !g.can_demo);
    await check("bonus_wage=10", (g) => g.bonus_wage === "10");
    await check("bonus_wage=100.00", (g) => g.bonus_wage === "100");
    await check("bonus_play_allowed=false", (g) => !g.bonus_play_allowed);
    await check("game_ordering=30", (g) => g.game_ordering === 30);
    expect((await games("can_desktop=false")).body.payload.map((g) => g.game_name)).toEqual(["Pixel Bars"]);
  });

  it("filters by currency: games limited to other currencies drop out, unrestricted games stay", async () => {
    const [btc] = await ctx.database.query<{ guid: string }>(`SELECT guid FROM currencies WHERE code = 'BTC'`);
    const [eur] = await ctx.database.query<{ guid: string }>(`SELECT guid FROM currencies WHERE code = 'EUR'`);
    const btcGames = (await games(`game_currency_guid=${btc!.guid}&per_page=200`)).body.payload;
    expect(btcGames).toHaveLength(62);
    expect(names(btcGames)).not.toContain("Blackjack VIP Table");
    expect((await games(`game_currency_guid=${eur!.guid}&per_page=200`)).body.metadata.total).toBe(64);
  });

  it("filters by game_status (active by default) and by created_at / updated_at", async () => {
    await ctx.database.query(
      `UPDATE games SET game_status = 'maintenance', updated_at = '2031-01-02T00:00:00Z' WHERE external_guid = 'house:slot-scarab-sun'`,
    );
    await ctx.database.query(`UPDATE games SET created_at = '2020-06-01T00:00:00Z' WHERE external_guid = 'house:dice-triple-dice'`);
    try {
      expect((await games("per_page=200")).body.metadata.total).toBe(63);
      expect(names((await games("game_status=maintenance")).body.payload)).toEqual(["Scarab Sun"]);
      expect(names((await games("game_status=maintenance&updated_at=2031-01-01")).body.payload)).toEqual(["Scarab Sun"]);
      expect((await games("game_status=maintenance&updated_at=2031-01-03T00:00:00Z")).body.payload).toEqual([]);
      expect(names((await games("created_at=..2021-01-01")).body.payload)).toEqual(["Triple Dice"]);
      expect(names((await games("created_at=2020-01-01..2020-12-31T23:59:59%2B00:00")).body.payload)).toEqual([
        "Triple Dice",
      ]);
      expect((await games("created_at=2021-01-01&per_page=200")).body.metadata.total).toBe(62);
    } finally {
      await ctx.database.query(`UPDATE games SET game_status = 'active' WHERE external_guid = 'house:slot-scarab-sun'`);
    }
  });

  it("counts full pages afresh after any change to the catalogue (totals are cached per catalogue version)", async () => {
    const query = `system_tag_guid=${slots}&per_page=5`;
    const before = (await games(query)).body.metadata.total;
    expect((await games(query)).body.metadata.total).toBe(before);
    const [{ n }] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM games g JOIN providers p ON p.guid = g.provider_guid
        WHERE p.name = 'Coral Reef Studios' AND g.system_tag_guid = $1 AND g.game_status = 'active'`,
      [slots],
    ) as [{ n: number }];
    expect(n).toBeGreaterThan(0);
    await ctx.database.query(`UPDATE providers SET is_enabled = false WHERE name = 'Coral Reef Studios'`);
    try {
      expect((await games(query)).body.metadata.total).toBe(before - n);
    } finally {
      await ctx.database.query(`UPDATE providers SET is_enabled = true WHERE name = 'Coral Reef Studios'`);
    }
    expect((await games(query)).body.metadata.total).toBe(before);
    // A game tag added by SQL counts at once too.
    const tagged = `tag_guid=${tagGuid.Popular}&per_page=1`;
    const popular = (await games(tagged)).body.metadata.total;
    await ctx.database.query(
      `INSERT INTO game_tags (game_guid, tag_guid)
       SELECT g.guid, $1 FROM games g WHERE g.external_guid = 'house:dice-triple-dice' ON CONFLICT DO NOTHING`,
      [tagGuid.Popular],
    );
    try {
      expect((await games(tagged)).body.metadata.total).toBe(popular + 1);
    } finally {
      await ctx.database.query(
        `DELETE FROM game_tags WHERE tag_guid = $1 AND game_guid = (SELECT guid FROM games WHERE external_guid = 'house:dice-triple-dice')`,
        [tagGuid.Popular],
      );
    }
  });

  it("hides the games of a disabled studio", async () => {
    await ctx.database.query(`UPDATE providers SET is_enabled = false WHERE name = 'Coral Reef Studios'`);
    try {
      expect((await games("per_page=200")).body.metadata.total).toBe(54);
      expect((await games("game_name=coral")).body.payload).toEqual([]);
    } finally {
      await ctx.database.query(`UPDATE providers SET is_enabled = true WHERE name = 'Coral Reef Studios'`);
    }
  });

  it("combines the filters the lobby uses: section + tag + provider + name + device", async () => {
    const { body } = await games(
      `system_tag_guid=${slots}&tag_guid=${tagGuid.Jackpots}&provider_guid=${providerGuid["Neon Alley"]}&game_name=a&can_mobile=true&per_page=50`,
    );
    expect(names(body.payload)).toEqual(
      fromAll(
        (g) =>
          g.system_tag_guid === slots &&
          g.project_tag_guids.includes(tagGuid.Jackpots!) &&
          g.provider_guid === providerGuid["Neon Alley"] &&
          g.game_name.toLowerCase().includes("a") &&
          g.can_mobile,
      ),
    );
    expect(names(body.payload)).toEqual(["Disco Diamonds", "Vegas Nights", "Starlit Jackpot"]);
    const liveDesktop = await games(`system_tag_guid=${live}&tag_guid=${tagGuid["Live roulette"]}&can_mobile=true`);
    expect(names(liveDesktop.body.payload)).not.toContain("Double Ball Roulette");
    expect(liveDesktop.body.metadata.total).toBe(3);
  });

  it("pages: last page, beyond the last page, and the per_page cap", async () => {
    const last = await games("per_page=10&page=7");
    expect(last.body.metadata).toEqual(expect.objectContaining({ page: 7, per_page: 10, total: 64 }));
    expect(names(last.body.payload)).toEqual(names(all.slice(60)));
    const beyond = await games("per_page=10&page=8");
    expect(beyond.res.statusCode).toBe(200);
    expect(beyond.body.payload).toEqual([]);
    expect(beyond.body.metadata.total).toBe(64);
    const exact = await games("per_page=16&page=4");
    expect(exact.body.payload).toHaveLength(16);
    expect(exact.body.metadata.total).toBe(64);
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await games(`per_page=24&page=${page}`)).body.payload);
    expect(names(pages)).toEqual(names(all));
    expect((await games("per_page=200")).res.statusCode).toBe(200);
    const over = await games("per_page=201");
    expect(over.res.statusCode).toBe(400);
    expect(over.res.json().payload.fields).toEqual([expect.objectContaining({ field: "query.per_page" })]);
  });

  it("answers bad filters with a 400 naming the filter", async () => {
    const cases: [string, string][] = [
      ["can_mobile=yes", "query.can_mobile"],
      ["provider_guid=not-a-uuid", "query.provider_guid"],
      ["tag_guid=1", "query.tag_guid"],
      ["system_tag_guid=x", "query.system_tag_guid"],
      ["game_currency_guid=USD", "query.game_currency_guid"],
      ["game_status=paused", "query.game_status"],
      ["game_ordering=1.5", "query.game_ordering"],
      ["bonus_wage=lots", "query.bonus_wage"],
      ["created_at=yesterday", "query.created_at"],
      ["updated_at=2025-13-45", "query.updated_at"],
      ["favorites_only=maybe", "query.favorites_only"],
      ["page=0", "query.page"],
      ["per_page=-5", "query.per_page"],
      [`game_name=${"x".repeat(65)}`, "query.game_name"],
    ];
    for (const [query, field] of cases) {
      const { res } = await games(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().payload.code, query).toBe("VALIDATION_ERROR");
      expect(res.json().payload.fields.map((f: { field: string }) => f.field), query).toContain(field);
      expect(res.headers["cache-control"], query).toBeUndefined();
    }
    const unknown = await games("colour=red");
    expect(unknown.res.statusCode).toBe(400);
    expect(unknown.res.json().payload.fields[0].message).toContain("colour");
  });
});

describe("favourites", () => {
  const favorite = (method: "POST" | "DELETE", game_guid: unknown, headers: Record<string, string>) =>
    ctx.app.inject({ method, url: "/api/v1/catalog/favorites", headers, payload: { game_guid } });

  it("needs a logged-in player", async () => {
    expect((await favorite("POST", "house:slot-pharaoh-gold", {})).statusCode).toBe(401);
    expect((await favorite("DELETE", "house:slot-pharaoh-gold", {})).statusCode).toBe(401);
    const res = await games("favorites_only=true");
    expect(res.res.statusCode).toBe(401);
    expect(res.res.json().payload.code).toBe("UNAUTHORIZED");
    const badToken = await games("favorites_only=true", { authorization: "Bearer not.a.valid-token" });
    expect(badToken.res.statusCode).toBe(401);
  });

  it("adds and removes idempotently, fills is_favorite, and keeps each player's favourites private", async () => {
    const alice = await ctx.createPlayer();
    const bob = await ctx.createPlayer();
    for (let i = 0; i < 2; i++) {
      const res = await favorite("POST", "house:slot-pharaoh-gold", alice.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toEqual({ game_guid: "house:slot-pharaoh-gold", is_favorite: true });
      expect(res.headers["cache-control"]).toBe("private, no-store");
    }
    expect((await favorite("POST", "house:live-dice-sic-bo-salon", alice.headers)).statusCode).toBe(200);
    expect((await favorite("POST", "house:blackjack-classic-blackjack", bob.headers)).statusCode).toBe(200);

    const aliceFavs = await games("favorites_only=true", alice.headers);
    expect(aliceFavs.res.statusCode).toBe(200);
    expect(aliceFavs.res.headers["cache-control"]).toBe("private, no-store");
    expect(names(aliceFavs.body.payload)).toEqual(["Pharaoh Gold", "Sic Bo Salon"]);
    expect(aliceFavs.body.payload.every((g) => g.is_favorite)).toBe(true);
    expect(names((await games("favorites_only=true", bob.headers)).body.payload)).toEqual(["Classic Blackjack"]);

    // is_favorite follows the caller; visitors never see anyone's.
    const pick = async (headers: Record<string, string>) =>
      (await games("external_guid=house:slot-pharaoh-gold", headers)).body.payload[0]!.is_favorite;
    expect(await pick(alice.headers)).toBe(true);
    expect(await pick(bob.headers)).toBe(false);
    expect(await pick({})).toBe(false);
    const edge = await ctx.app.inject({
      url: "/api/v1/edgesync/catalog/games?favorites_only=true",
      headers: bob.headers,
    });
    expect(edge.json().payload.map((g: Game) => g.game_name)).toEqual(["Classic Blackjack"]);

    // Combined with section and name, as the favourites row of a section does.
    const liveFavs = await games(`favorites_only=true&system_tag_guid=${live}&game_name=sic`, alice.headers);
    expect(names(liveFavs.body.payload)).toEqual(["Sic Bo Salon"]);

    for (let i = 0; i < 2; i++) {
      const res = await favorite("DELETE", "house:slot-pharaoh-gold", alice.headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toEqual({ game_guid: "house:slot-pharaoh-gold", is_favorite: false });
    }
    const viaQuery = await ctx.app.inject({
      method: "DELETE",
      url: "/api/v1/catalog/favorites?game_guid=house:live-dice-sic-bo-salon",
      headers: alice.headers,
    });
    expect(viaQuery.statusCode).toBe(200);
    expect((await games("favorites_only=true", alice.headers)).body.payload).toEqual([]);
    expect(names((await games("favorites_only=true", bob.headers)).body.payload)).toEqual(["Classic Blackjack"]);
  });

  it("refuses an unknown or missing game guid", async () => {
    const player = await ctx.createPlayer();
    for (const method of ["POST", "DELETE"] as const) {
      const res = await favorite(method, "house:no-such-game", player.headers);
      expect(res.statusCode).toBe(404);
      expect(res.json().payload).toEqual({ code: "NOT_FOUND", message: "Game guid is not found" });
    }
    // The internal guid is not the favourites key.
    expect((await favorite("POST", all[0]!.guid, player.headers)).statusCode).toBe(404);
    expect((await favorite("POST", "", player.headers)).statusCode).toBe(400);
    expect((await favorite("POST", 42, player.headers)).statusCode).toBe(400);
    const missing = await ctx.app.inject({ method: "DELETE", url: "/api/v1/catalog/favorites", headers: player.headers });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.fields[0].field).toBe("body.game_guid");
  });
});
