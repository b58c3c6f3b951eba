import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import type { CatalogGame, DeviceKind } from "./catalog-types";

export const GAMES_PER_PAGE = 24;

export type GamesPage = { games: CatalogGame[]; total: number };
export type GamesScope = { systemTag: string | null; tagGuid?: string; providerGuid?: string };

/** Only what a tile renders: pages end up in the HTML, so every field costs bytes. */
export function toTile(game: CatalogGame): CatalogGame {
  return {
    guid: game.guid,
    external_guid: game.external_guid,
    game_name: game.game_name,
    game_icon: game.game_icon ?? null,
    provider: game.provider,
    provider_guid: game.provider_guid,
    system_tag_guid: game.system_tag_guid,
    label: game.label ?? null,
  };
}

export const deviceQuery = (device: DeviceKind) => (device === "mobile" ? { can_mobile: true } : { can_desktop: true });

/** GET /api/v1/edgesync/catalog/games (the /catalog/games filters plus studio name and label). */
export async function fetchGames(api: Api, query: Record<string, string | number | boolean | undefined>, signal?: AbortSignal): Promise<GamesPage> {
  const { payload, metadata } = await api.client.get<CatalogGame[], { total?: number }>("/api/v1/edgesync/catalog/games", { query, signal });
  const games = Array.isArray(payload) ? payload.map(toTile) : [];
  return { games, total: typeof metadata.total === "number" ? metadata.total : games.length };
}

/** The query of one page of a category grid: a tag, a studio or all games of a section, in lobby order. */
export const gamesPageQuery = (scope: GamesScope, device: DeviceKind, page: number) => ({
  system_tag_guid: scope.systemTag ?? undefined,
  tag_guid: scope.tagGuid,
  provider_guid: scope.providerGuid,
  ...deviceQuery(device),
  page,
  per_page: GAMES_PER_PAGE,
});

export const gamesPageQueryOptions = (api: Api, scope: GamesScope, device: DeviceKind, page: number) =>
  queryOptions({
    queryKey: ["catalog", "games", scope.systemTag, scope.tagGuid ?? null, scope.providerGuid ?? null, device, page],
    queryFn: ({ signal }) => fetchGames(api, gamesPageQuery(scope, device, page), signal),
  });

export function useGamesPage(scope: GamesScope, device: DeviceKind, page: number) {
  return useQuery(gamesPageQueryOptions(useApi(), scope, device, page));
}
