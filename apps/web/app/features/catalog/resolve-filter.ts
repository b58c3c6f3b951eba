import { providerRouteName, tagRouteName } from "../../lib/route-name";
import type { CatalogProvider, CatalogTag, LobbyFilter, LobbySection } from "./catalog-types";
import type { GamesScope } from "./games";

export const ALL_GAMES_ICON = "/images/all-games.svg";
export const ALL_GAMES_GUID = "{hash}";
export const FAVORITES_GUID = "{favorites}";

/** The synthetic first tag of every list: all games, infinite count, both devices, both sections. */
export function allGamesTag(systemTagGuids: string[]): CatalogTag {
  return {
    guid: ALL_GAMES_GUID,
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

/** The player's favourites as a tag (its games come from favorites_only=true); shown once one exists. */
export const FAVORITES_TAG: CatalogTag = { guid: FAVORITES_GUID, name: "Favorites", type: "category", ordering: -1 };

export function withAllGames(tags: CatalogTag[]): CatalogTag[] {
  const systemGuids = tags.filter((tag) => tag.type === "system").map((tag) => tag.guid);
  return [allGamesTag(systemGuids), ...tags];
}

/** The guid of a section's system tag (Live or Slots); null for home, which spans both. */
export function sectionSystemTag(tags: CatalogTag[], section: LobbySection): string | null {
  if (section === "home") return null;
  const name = section === "live" ? "Live" : "Slots";
  return tags.find((tag) => tag.type === "system" && tag.name === name)?.guid ?? null;
}

/** Studios of a section: those with games under its system tag (all of them on home), in their order. */
export function sectionProviders(providers: CatalogProvider[], systemTag: string | null): CatalogProvider[] {
  const fits = (provider: CatalogProvider) => systemTag === null || (provider.system_tags ?? []).includes(systemTag);
  return providers.filter(fits).sort((a, b) => (a.ordering ?? 0) - (b.ordering ?? 0));
}

/**
 * What a filter segment names, matched by route name: a tag first (All games and, for a player,
 * Favorites included), then a studio of the section. In the live and slots sections (`systemTag`
 * set) only tags of that section count; a section tag itself (Live, Slots) filters only the home page.
 * Null: the segment names nothing here (404).
 */
export function resolveFilter(
  tags: CatalogTag[],
  filter: string,
  providers: CatalogProvider[] = [],
  options: { favorites?: boolean; systemTag?: string | null } = {},
): LobbyFilter | null {
  const { systemTag = null } = options;
  const inSection = (tag: CatalogTag) =>
    systemTag === null || (tag.type !== "system" && (!tag.system_tags?.length || tag.system_tags.includes(systemTag)));
  const candidates = [...(options.favorites ? [FAVORITES_TAG] : []), ...withAllGames(tags)].filter(inSection);
  const tag = candidates.find((candidate) => tagRouteName(candidate.name) === filter);
  if (tag) return { kind: "tag", tag };
  const provider = providers.find((candidate) => providerRouteName(candidate.name) === filter);
  return provider ? { kind: "provider", provider } : null;
}

/** A stable key for a resolved filter (query keys, React keys). */
export function filterKey(filter: LobbyFilter | null): string {
  if (!filter) return "all";
  if (filter.kind === "provider") return `provider:${filter.provider.guid}`;
  if (filter.tag.guid === ALL_GAMES_GUID) return "all";
  return filter.tag.guid === FAVORITES_GUID ? "favorites" : `tag:${filter.tag.guid}`;
}

/** Category chips of a section: tags flagged for it, in their configured order. */
export function sectionTags(tags: CatalogTag[], section: LobbySection): CatalogTag[] {
  const fits = (tag: CatalogTag) =>
    tag.type !== "system" &&
    (section === "live" ? tag.show_in_live_section : section === "slots" ? tag.show_in_slots_section : tag.show_as_category);
  return withAllGames(tags.filter(fits).sort((a, b) => (a.ordering ?? 0) - (b.ordering ?? 0)));
}

/** Which games a resolved filter lists through GET /catalog/games; null for Favorites (the player's own list). */
export function gridScope(filter: LobbyFilter | null, systemTag: string | null): GamesScope | null {
  if (!filter) return { systemTag };
  if (filter.kind === "provider") return { systemTag, providerGuid: filter.provider.guid };
  const { tag } = filter;
  if (tag.guid === FAVORITES_GUID) return null;
  if (tag.guid === ALL_GAMES_GUID) return { systemTag };
  // A section tag (Live, Slots) is the games' system tag, not one of their category tags.
  if (tag.type === "system") return { systemTag: tag.guid };
  return { systemTag, tagGuid: tag.guid };
}
