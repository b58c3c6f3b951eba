import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Currency } from "@croupier/contract/entities/currency";
import type { Game } from "@croupier/contract/entities/game";
import { playerApi } from "../../lib/player-api";

const LIST_MAX = 200;
const TEN_MINUTES = 10 * 60_000;

export type GameOption = { guid: string; name: string };

/** GET /catalog/games (the first 200, by name): the game filter's options. */
export async function fetchGameOptions(signal?: AbortSignal): Promise<GameOption[]> {
  const { payload } = await playerApi().get<Game[]>("/api/v1/catalog/games", { query: { page: 1, per_page: LIST_MAX }, signal });
  return payload.map((g) => ({ guid: g.guid, name: g.game_name })).sort((a, b) => a.name.localeCompare(b.name));
}

export const gameOptionsQueryOptions = () =>
  queryOptions({ queryKey: ["game-history", "games"] as const, queryFn: ({ signal }) => fetchGameOptions(signal), staleTime: TEN_MINUTES });

export function useGameOptions() {
  return useQuery(gameOptionsQueryOptions()).data ?? [];
}

/** GET /dictionary/currencies: codes and decimals for the amounts. */
export async function fetchHistoryCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  const { payload } = await playerApi().get<Currency[]>("/api/v1/dictionary/currencies", { query: { page: 1, per_page: LIST_MAX }, signal });
  return payload;
}

export const historyCurrenciesQueryOptions = () =>
  queryOptions({ queryKey: ["game-history", "currencies"] as const, queryFn: ({ signal }) => fetchHistoryCurrencies(signal), staleTime: TEN_MINUTES });

export function useHistoryCurrencies() {
  return useQuery(historyCurrenciesQueryOptions()).data ?? [];
}
