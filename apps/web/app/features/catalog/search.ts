import { queryOptions, useQuery } from "@tanstack/react-query";
import { useApi } from "../../lib/browser-api";
import type { Api } from "../../lib/api-get";
import type { DeviceKind } from "./catalog-types";
import { deviceQuery, fetchGames } from "./games";
import { SEARCH_RESULTS } from "./search-list";

/** GET /api/v1/edgesync/catalog/games?game_name=…: games whose name contains the term, in lobby order. */
export const searchQueryOptions = (api: Api, term: string, device: DeviceKind) =>
  queryOptions({
    queryKey: ["catalog", "search", term.toLowerCase(), device],
    queryFn: ({ signal }) => fetchGames(api, { game_name: term, ...deviceQuery(device), per_page: SEARCH_RESULTS }, signal),
    enabled: term !== "",
    staleTime: 5 * 60_000,
  });

export function useGameSearch(term: string, device: DeviceKind) {
  return useQuery({ ...searchQueryOptions(useApi(), term, device), placeholderData: (previous) => previous });
}
