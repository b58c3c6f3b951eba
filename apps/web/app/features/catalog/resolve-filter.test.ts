import { describe, expect, it } from "vitest";
import type { CatalogTag } from "./catalog-types";
import { resolveFilter, sectionTags } from "./resolve-filter";

const tag = (name: string, extra: Partial<CatalogTag> = {}): CatalogTag => ({ guid: name, name, type: "category", ...extra });
const tags = [
  tag("Live", { type: "system" }),
  tag("Slots", { type: "system" }),
  tag("Pokies", { show_in_slots_section: true, ordering: 2 }),
  tag("Table Games/Blackjack", { show_in_live_section: true }),
  tag("New Games", { show_in_slots_section: true, ordering: 1 }),
];

describe("resolveFilter", () => {
  it("finds a tag by its route name", () => {
    expect(resolveFilter(tags, "table-games-blackjack")?.name).toBe("Table Games/Blackjack");
    expect(resolveFilter(tags, "live")?.name).toBe("Live");
    expect(resolveFilter(tags, "Pokies tag")?.name).toBe("Pokies");
  });

  it("knows the synthetic All games tag", () => {
    const all = resolveFilter(tags, "all-games");
    expect(all?.guid).toBe("{hash}");
    expect(all?.system_tags).toEqual(["Live", "Slots"]);
  });

  it("rejects unknown segments and the raw name of a renamed tag", () => {
    expect(resolveFilter(tags, "pokies")).toBeNull();
    expect(resolveFilter(tags, "Table Games/Blackjack")).toBeNull();
    expect(resolveFilter([], "live")).toBeNull();
  });

  it("lists a section's chips in order after All games", () => {
    expect(sectionTags(tags, "slots").map((t) => t.name)).toEqual(["All games", "New Games", "Pokies"]);
    expect(sectionTags(tags, "live").map((t) => t.name)).toEqual(["All games", "Table Games/Blackjack"]);
  });
});
