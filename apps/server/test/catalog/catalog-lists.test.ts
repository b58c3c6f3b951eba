import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageEntry, type PageEntry } from "@croupier/contract/entities/catalog";
import { okEnvelope } from "@croupier/contract/envelope";
import { z } from "zod";
import type { EdgeGame } from "@croupier/contract/entities/game";
import type { Provider } from "@croupier/contract/entities/provider";
import type { Tag } from "@croupier/contract/entities/tag";
import { buildCatalogTestApp, type CatalogTestContext } from "./catalog-test-app.ts";

let ctx: CatalogTestContext;
let live: string;
let slots: string;

const get = async <T>(url: string, headers: Record<string, string> = {}) => {
  const res = await ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers });
  return { res, payload: res.json().payload as T };
};

beforeAll(async () => {
  ctx = await buildCatalogTestApp();
  const tags = await ctx.database.query<{ guid: string; name: string }>(`SELECT guid, name FROM tags WHERE type = 'system'`);
  live = tags.find((t) => t.name === "Live")!.guid;
  slots = tags.find((t) => t.name === "Slots")!.guid;
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /catalog/providers and /edgesync/catalog/providers", () => {
  it("lists studios in order with counts, devices and sections", async () => {
    const { res, payload } = await get<Provider[]>("/catalog/providers");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("public");
    expect(payload.map((p) => [p.name, p.count])).toEqual([
      ["Sandstone Studio", 10],
      ["Neon Alley", 10],
      ["Northern Forge", 10],
      ["Coral Reef Studios", 10],
      ["Velvet Table", 12],
      ["Grand Salon Live", 12],
    ]);
    const salon = payload.find((p) => p.name === "Grand Salon Live")!;
    expect(salon).toMatchObject({ system_tags: [live], device_types: ["mobile", "desktop"], icon: "/catalog/providers/grand-salon.svg" });
    expect(payload.find((p) => p.name === "Velvet Table")!.system_tags).toEqual([slots]);
  });

  it("counts only the games for the device and section", async () => {
    const mobile = (await get<Provider[]>("/catalog/providers?can_mobile=true")).payload;
    expect(mobile.find((p) => p.name === "Grand Salon Live")!.count).toBe(11);
    const desktop = (await get<Provider[]>("/catalog/providers?can_desktop=true")).payload;
    expect(desktop.find((p) => p.name === "Neon Alley")!.count).toBe(9);
    const liveStudios = (await get<Provider[]>(`/edgesync/catalog/providers?system_tag=${live}`)).payload;
    expect(liveStudios.map((p) => p.name)).toEqual(["Grand Salon Live"]);
    const slotStudios = (await get<Provider[]>(`/edgesync/catalog/providers?system_tag=${slots}&can_mobile=true`)).payload;
    expect(slotStudios.map((p) => p.name)).not.toContain("Grand Salon Live");
    expect(slotStudios).toHaveLength(5);
    expect((await get(`/edgesync/catalog/providers?system_tag=nope`)).res.statusCode).toBe(400);
    expect((await get(`/catalog/providers?can_mobile=yes`)).res.statusCode).toBe(400);
  });
});

describe("GET /catalog/tags and /edgesync/catalog/tags", () => {
  it("lists system and category tags with game counts, flags and art", async () => {
    const { payload } = await get<Tag[]>("/catalog/tags");
    const byName = Object.fromEntries(payload.map((t) => [t.name, t]));
    expect(byName.Live).toMatchObject({ type: "system", count: 12 });
    expect(byName.Slots).toMatchObject({ type: "system", count: 52 });
    expect(byName["Live roulette"]).toMatchObject({
      type: "category",
      count: 4,
      show_in_live_section: true,
      show_in_top: true,
      show_in_slots_section: false,
      system_tags: [live],
      category_hex: "#dc2626",
      tag_icon_url: "/catalog/tags/live-roulette.svg",
    });
    expect(byName.Hot).toMatchObject({ show_as_label: true, show_as_category: false });
    expect(byName.Popular!.system_tags.sort()).toEqual([live, slots].sort());
    const orderings = payload.map((t) => t.ordering);
    expect(orderings).toEqual([...orderings].sort((a, b) => a - b));
  });

  it("scopes counts to device and section", async () => {
    const mobile = Object.fromEntries((await get<Tag[]>("/catalog/tags?can_mobile=true")).payload.map((t) => [t.name, t.count]));
    expect(mobile["Live roulette"]).toBe(3);
    const liveTags = (await get<Tag[]>(`/edgesync/catalog/tags?system_tag=${live}`)).payload;
    expect(liveTags.map((t) => t.name)).toEqual(
      expect.arrayContaining(["Live", "Popular", "New", "Live roulette", "Live blackjack", "Live dice"]),
    );
    expect(liveTags.map((t) => t.name)).not.toContain("Pokies");
    expect(liveTags.find((t) => t.name === "Popular")!.count).toBe(3);
  });
});

describe("GET /edgesync/pages/*", () => {
  it("home: the show_in_top tags in order, each with its games", async () => {
    const { res, payload } = await get<PageEntry[]>("/edgesync/pages/home");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toContain("public");
    expect(payload.map((e) => e.tag.name)).toEqual(["Popular", "New", "Jackpots", "Live roulette", "Table games"]);
    const popular = payload[0]!;
    expect(popular.tag.count).toBe(popular.games.length);
    expect(popular.games.every((g) => g.project_tag_guids.includes(popular.tag.guid))).toBe(true);
    const orderings = popular.games.map((g) => g.game_ordering);
    expect(orderings).toEqual([...orderings].sort((a, b) => a - b));
    expect(popular.games.some((g) => g.system_tag_guid === live)).toBe(true);
    expect(popular.games.some((g) => g.system_tag_guid === slots)).toBe(true);
    // The body is written from text kept per catalogue version: exactly what the response schema's
    // serialiser would write (its keys, in its order, nothing more), warm or cold.
    for (const body of [res.body, (await get("/edgesync/pages/home")).res.body]) {
      expect(JSON.stringify(okEnvelope(z.array(pageEntry)).parse(JSON.parse(body)))).toBe(body);
      expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    }
  });

  it("live and slots: section rows holding only that section's games", async () => {
    const livePage = (await get<PageEntry[]>("/edgesync/pages/live")).payload;
    expect(livePage.map((e) => e.tag.name)).toEqual(["Popular", "New", "Live roulette", "Live blackjack", "Live dice"]);
    expect(livePage.flatMap((e) => e.games).every((g) => g.system_tag_guid === live)).toBe(true);
    const slotsPage = (await get<PageEntry[]>("/edgesync/pages/slots")).payload;
    expect(slotsPage.map((e) => e.tag.name)).toEqual([
      "Popular",
      "New",
      "Jackpots",
      "Table games",
      "Pokies",
      "Cascading reels",
      "Bonus buy",
      "Classics",
    ]);
    expect(slotsPage.flatMap((e) => e.games).every((g) => g.system_tag_guid === slots)).toBe(true);
    const popularSlots = slotsPage.find((e) => e.tag.name === "Popular")!;
    expect(popularSlots.tag.count).toBe(popularSlots.games.length);
  });

  it("follows the device flag and caps the games per row", async () => {
    const mobile = (await get<PageEntry[]>("/edgesync/pages/live?can_mobile=true")).payload;
    const roulette = mobile.find((e) => e.tag.name === "Live roulette")!;
    expect(roulette.games.map((g) => g.game_name)).not.toContain("Double Ball Roulette");
    expect(roulette.tag.count).toBe(3);
    const desktop = (await get<PageEntry[]>("/edgesync/pages/slots?can_desktop=true")).payload;
    expect(desktop.flatMap((e) => e.games).map((g) => g.game_name)).not.toContain("Pixel Bars");
    // 31 Pokies would overflow one row: the row keeps 24 and the count tells the rest.
    await ctx.database.query(`INSERT INTO game_tags (game_guid, tag_guid)
      SELECT g.guid, t.guid FROM games g, tags t WHERE t.name = 'Pokies' AND g.system_tag_guid = '${slots}' ON CONFLICT DO NOTHING`);
    const capped = (await get<PageEntry[]>("/edgesync/pages/slots")).payload.find((e) => e.tag.name === "Pokies")!;
    expect(capped.games).toHaveLength(24);
    expect(capped.tag.count).toBe(52);
    expect((await get("/edgesync/pages/home?can_mobile=nope")).res.statusCode).toBe(400);
  });

  it("leaves out rows whose games are all hidden", async () => {
    await ctx.database.query(`UPDATE providers SET is_enabled = false WHERE name = 'Grand Salon Live'`);
    try {
      const livePage = (await get<PageEntry[]>("/edgesync/pages/live")).payload;
      expect(livePage).toEqual([]);
      const home = (await get<PageEntry[]>("/edgesync/pages/home")).payload;
      expect(home.map((e) => e.tag.name)).not.toContain("Live roulette");
    } finally {
      await ctx.database.query(`UPDATE providers SET is_enabled = true WHERE name = 'Grand Salon Live'`);
    }
  });
});

describe("GET /edgesync/catalog/games", () => {
  it("adds currency codes, provider name, label and project guid; same filters as the catalogue", async () => {
    const { res, payload } = await get<EdgeGame[]>(`/edgesync/catalog/games?system_tag_guid=${live}&game_name=blackjack%20vip`);
    expect(res.statusCode).toBe(200);
    const [project] = await ctx.database.query<{ guid: string }>(`SELECT guid FROM project_settings`);
    expect(payload).toHaveLength(1);
    expect(payload[0]).toMatchObject({
      game_name: "Blackjack VIP Table",
      provider: "Grand Salon Live",
      currency_codes: ["USD", "EUR", "GBP", "CAD", "AUD"],
      label: null,
      project_guid: project!.guid,
      is_favorite: false,
    });
    const labelled = (await get<EdgeGame[]>(`/edgesync/catalog/games?external_guid=house:slot-pharaoh-gold`)).payload[0]!;
    expect(labelled.label).toBe("Hot");
    expect(labelled.currency_codes).toEqual([]);
    const newGame = (await get<EdgeGame[]>(`/edgesync/catalog/games?external_guid=house:slot-jewels-of-the-delta`)).payload[0]!;
    expect(newGame.label).toBe("New");
    const bad = await get(`/edgesync/catalog/games?per_page=1000`);
    expect(bad.res.statusCode).toBe(400);
    expect((await get(`/edgesync/catalog/games?favorites_only=true`)).res.statusCode).toBe(401);
  });
});
