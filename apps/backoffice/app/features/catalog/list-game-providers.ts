import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminGameProviders, type AdminGameProvider } from "@croupier/contract/backoffice/catalog-admin";
import { staffApi } from "../../lib/staff-api";

/** GET /catalog/game-providers: the filter's options, with game counts. */
export async function listGameProviders(signal?: AbortSignal): Promise<AdminGameProvider[]> {
  return (await staffApi().get("/catalog/game-providers", { signal, schema: adminGameProviders })).payload;
}

export const GAME_PROVIDERS_KEY = ["backoffice", "catalog", "game-providers"] as const;

export const gameProvidersQueryOptions = () =>
  queryOptions({
    queryKey: GAME_PROVIDERS_KEY,
    queryFn: ({ signal }) => listGameProviders(signal),
  });
export const useGameProviders = () => useQuery(gameProvidersQueryOptions());
