import { queryOptions, useQuery } from "@tanstack/react-query";
import { playerDetail, type PlayerDetail } from "@croupier/contract/backoffice/players";
import { staffApi } from "../../lib/staff-api";

/** Every query of one player's page starts with this key, so an action refreshes the whole page at once. */
export const playerQueryKey = (playerId: string) => ["backoffice", "player", playerId] as const;

/** GET /players/:id: profile, wallets and counts. */
export async function loadPlayer(playerId: string, signal?: AbortSignal): Promise<PlayerDetail> {
  return (await staffApi().get(`/players/${encodeURIComponent(playerId)}`, { signal, schema: playerDetail })).payload;
}

export const playerQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: [...playerQueryKey(playerId), "detail"],
    queryFn: ({ signal }) => loadPlayer(playerId, signal),
  });

export const usePlayer = (playerId: string) => useQuery(playerQueryOptions(playerId));
