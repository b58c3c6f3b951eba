import { describe, expect, it } from "vitest";
import type { CatalogProvider, CatalogTag, LobbyFilter } from "./catalog-types";
import { filterKey, gridScope, resolveFilter, sectionProviders, sectionSystemTag, sectionTags } from "./resolve-filter";

const tag = (name: string, extra: Partial<CatalogTag> = {}): CatalogTag => ({ guid: `tag-${name}`, name, type: "category", ...extra });
const tags = [
  tag("Live", { type: "system" }),
  tag("Slots", { type: "system" }),
  tag("Pokies", { show_in_slots_section: true, ordering: 2 }),
  tag("Table Games/Blackjack", { show_in_live_section: true }),
  tag("New Games", { show_in_slots_section: true, ordering: 1 }),
];
const provider = (name: string, sections: string[], ordering = 0): CatalogProvider => ({ guid: `p-${name}`, name, system_tags: sections, ordering });
const providers = [
  provider("Grand Salon Live", ["tag-Live"], 3),
  provider("Sandstone Studio", ["tag-Slots"], 1),
  provider("Play'n GO", ["tag-Slots", "tag-Live"], 2),
  // A studio named like a tag: the tag wins.
  provider("Pokies tag", ["tag-Slots"], 4),
];

const nameOf = (filter: LobbyFilter | null) => (filter === null ? null : filter.kind === "tag" ? filter.tag.name : filter.provider.name);

describe("resolveFilter", () => {
  it("finds a tag by its route name", () => {
    expect(nameOf(resolveFilter(tags, "table-games-blackjack"))).toBe("Table Games/Blackjack");
    expect(nameOf(resolveFilter(tags, "live"))).toBe("Live");
    expect(nameOf(resolveFilter(tags, "Pokies tag"))).toBe("Pokies");
  });

  it("knows the synthetic All games tag", () => {
    const all = resolveFilter(tags, "all-games");
    expect(all?.kind).toBe("tag");
    if (all?.kind !== "tag") return;
    expect(all.tag.guid).toBe("{hash}");
    expect(all.tag.count).toBe(Number.POSITIVE_INFINITY);
    expect(all.tag.device_types).toEqual(["mobile", "desktop"]);
    expect(all.tag.system_tags).toEqual(["tag-Live", "tag-Slots"]);
  });

  it("resolves a provider by its route name when no tag matches", () => {
    const found = resolveFilter(tags, "sandstone-studio", providers);
    expect(found).toEqual({ kind: "provider", provider: providers[1] });
    expect(nameOf(resolveFilter(tags, "play'n-go", providers))).toBe("Play'n GO");
    expect(resolveFilter(tags, "pokies-tag", providers)?.kind).toBe("provider");
    expect(resolveFilter(tags, "Pokies tag", providers)?.kind).toBe("tag");
  });

  it("only resolves the providers it is given (a section's studios)", () => {
    const live = sectionProviders(providers, sectionSystemTag(tags, "live"));
    expect(live.map((p) => p.name)).toEqual(["Play'n GO", "Grand Salon Live"]);
    expect(resolveFilter(tags, "sandstone-studio", live)).toBeNull();
    expect(resolveFilter(tags, "grand-salon-live", live)?.kind).toBe("provider");
    expect(sectionProviders(providers, null).map((p) => p.name)).toEqual(["Sandstone Studio", "Play'n GO", "Grand Salon Live", "Pokies tag"]);
  });

  it("in the live and slots sections, resolves only that section's tags", () => {
    const sectioned = [
      ...tags,
      tag("Live blackjack", { system_tags: ["tag-Live"] }),
      tag("Jackpots", { system_tags: ["tag-Slots", "tag-Live"] }),
      tag("Hot", { system_tags: [] }),
    ];
    const slots = { systemTag: "tag-Slots" };
    expect(resolveFilter(sectioned, "live-blackjack", [], slots)).toBeNull();
    expect(nameOf(resolveFilter(sectioned, "live-blackjack", [], { systemTag: "tag-Live" }))).toBe("Live blackjack");
    expect(nameOf(resolveFilter(sectioned, "jackpots", [], slots))).toBe("Jackpots");
    expect(nameOf(resolveFilter(sectioned, "hot", [], slots))).toBe("Hot");
    expect(nameOf(resolveFilter(sectioned, "all-games", [], slots))).toBe("All games");
    expect(nameOf(resolveFilter(sectioned, "favorites", [], { ...slots, favorites: true }))).toBe("Favorites");
    // Sections are not categories of each other; on the home page they are filters.
    expect(resolveFilter(sectioned, "live", [], slots)).toBeNull();
    expect(resolveFilter(sectioned, "slots", [], slots)).toBeNull();
    expect(nameOf(resolveFilter(sectioned, "live-blackjack"))).toBe("Live blackjack");
  });

  it("resolves Favorites only for a player", () => {
    expect(resolveFilter(tags, "favorites")).toBeNull();
    expect(nameOf(resolveFilter(tags, "favorites", [], { favorites: true }))).toBe("Favorites");
  });

  it("rejects unknown segments and raw names", () => {
    expect(resolveFilter(tags, "pokies", providers)).toBeNull();
    expect(resolveFilter(tags, "Table Games/Blackjack")).toBeNull();
    expect(resolveFilter(tags, "Sandstone Studio", providers)).toBeNull();
    expect(resolveFilter([], "live")).toBeNull();
  });

  it("lists a section's chips in order after All games", () => {
    expect(sectionTags(tags, "slots").map((t) => t.name)).toEqual(["All games", "New Games", "Pokies"]);
    expect(sectionTags(tags, "live").map((t) => t.name)).toEqual(["All games", "Table Games/Blackjack"]);
  });
});

describe("gridScope", () => {
  it("maps each filter to the games query of its grid", () => {
    const slots = sectionSystemTag(tags, "slots");
    expect(slots).toBe("tag-Slots");
    expect(gridScope(null, slots)).toEqual({ systemTag: "tag-Slots" });
    expect(gridScope(resolveFilter(tags, "all-games"), null)).toEqual({ systemTag: null });
    expect(gridScope(resolveFilter(tags, "new-games"), slots)).toEqual({ systemTag: "tag-Slots", tagGuid: "tag-New Games" });
    expect(gridScope(resolveFilter(tags, "sandstone-studio", providers), slots)).toEqual({ systemTag: "tag-Slots", providerGuid: "p-Sandstone Studio" });
    // Live on the home page is a section, not a category.
    expect(gridScope(resolveFilter(tags, "live"), null)).toEqual({ systemTag: "tag-Live" });
    expect(gridScope(resolveFilter(tags, "favorites", [], { favorites: true }), null)).toBeNull();
  });

  it("gives each filter a distinct key", () => {
    const keys = ["all-games", "new-games", "sandstone-studio", "favorites"].map((f) => filterKey(resolveFilter(tags, f, providers, { favorites: true })));
    expect(keys).toEqual(["all", "tag:tag-New Games", "provider:p-Sandstone Studio", "favorites"]);
  });
});
