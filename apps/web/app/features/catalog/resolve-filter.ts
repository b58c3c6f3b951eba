import { tagRouteName } from "../../lib/route-name";
import type { CatalogTag } from "./catalog-types";

export const ALL_GAMES_ICON = "/images/all-games.svg";

/** The synthetic first tag of every list: all games, infinite count, both devices, both sections. */
export function allGamesTag(systemTagGuids: string[]): CatalogTag {
  return {
    guid: "{hash}",
    name: "All games",
    type: "category",
    ordering: -1,
    tag_icon_url: ALL_GAMES_ICON,
    count: Number.POSITIVE_INFINITY,
    device_types: ["mobile", "desktop"],
    system_tags: systemTagGuids,
    show_as_category: true,
    show_in_live_section: true,
    show_in_slots_section: true,
  };
}

export function withAllGames(tags: CatalogTag[]): CatalogTag[] {
  const systemGuids = tags.filter((tag) => tag.type === "system").map((tag) => tag.guid);
  return [allGamesTag(systemGuids), ...tags];
}

/** The tag a filter segment names (matched by route name), or null when it names none. */
export function resolveFilter(tags: CatalogTag[], filter: string): CatalogTag | null {
  return withAllGames(tags).find((tag) => tagRouteName(tag.name) === filter) ?? null;
}

/** Category chips of a section: tags flagged for it, in their configured order. */
export function sectionTags(tags: CatalogTag[], section: "home" | "live" | "slots"): CatalogTag[] {
  const fits = (tag: CatalogTag) =>
    tag.type !== "system" &&
    (section === "live" ? tag.show_in_live_section : section === "slots" ? tag.show_in_slots_section : tag.show_as_category);
  return withAllGames(tags.filter(fits).sort((a, b) => (a.ordering ?? 0) - (b.ordering ?? 0)));
}
