import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@croupier/contract/api-client";
import { playerApi } from "../../lib/player-api";
import { toastError } from "../../lib/toasts";
import type { CatalogGame, DeviceKind } from "./catalog-types";
import { deviceQuery, toTile } from "./games";

export const ADD_FAVORITE_FAILED = "Unexpected error occured while adding game to favorites";
export const REMOVE_FAVORITE_FAILED = "Unexpected error occured while removing game from favorites";
/** The API's page cap: a player's favourites fit one page. */
const FAVORITES_MAX = 200;

/** GET /api/v1/edgesync/catalog/games?favorites_only=true: the player's favourites for the device. A failure is logged, the list empty. */
export async function fetchFavorites(client: ApiClient, device: DeviceKind, signal?: AbortSignal): Promise<CatalogGame[]> {
  try {
    const { payload } = await client.get<CatalogGame[]>("/api/v1/edgesync/catalog/games", {
      query: { favorites_only: true, ...deviceQuery(device), per_page: FAVORITES_MAX },
      signal,
    });
    return Array.isArray(payload) ? payload.map(toTile) : [];
  } catch (error) {
    console.warn("favorites failed to load", error);
    return [];
  }
}

export const favoritesQueryOptions = (client: () => ApiClient, userId: string | null, device: DeviceKind) =>
  queryOptions({
    queryKey: ["catalog", "favorites", userId, device],
    queryFn: ({ signal }) => fetchFavorites(client(), device, signal),
    enabled: userId !== null,
  });

const without = (list: CatalogGame[] | undefined, game: CatalogGame) => (list ?? []).filter((item) => item.guid !== game.guid);

/**
 * POST or DELETE /api/v1/catalog/favorites (by external guid). The list changes at once and the
 * change is undone on failure (only this game, so an overlapping toggle of another game survives),
 * with the spec's error toast.
 */
export async function setFavorite(
  queryClient: QueryClient,
  key: readonly unknown[],
  game: CatalogGame,
  add: boolean,
  client: ApiClient = playerApi(),
): Promise<boolean> {
  const apply = (on: boolean) =>
    queryClient.setQueryData<CatalogGame[]>(key, (list) => (on ? [game, ...without(list, game)] : without(list, game)));
  await queryClient.cancelQueries({ queryKey: key });
  apply(add);
  try {
    if (!game.external_guid) throw new Error("Game guid is not found");
    const body = { game_guid: game.external_guid };
    await (add ? client.post("/api/v1/catalog/favorites", { body }) : client.delete("/api/v1/catalog/favorites", { body }));
    return true;
  } catch {
    apply(!add);
    toastError(add ? ADD_FAVORITE_FAILED : REMOVE_FAVORITE_FAILED);
    return false;
  }
}
