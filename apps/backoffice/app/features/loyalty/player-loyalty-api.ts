import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { playerLoyalty, type CoinAdjustmentInput, type PlayerLoyalty } from "@croupier/contract/backoffice/loyalty";
import { staffApi } from "../../lib/staff-api";

export const playerLoyaltyKey = (playerGuid: string) => ["backoffice", "loyalty", "player", playerGuid] as const;

/** GET /loyalty/players/:player_guid. */
export async function getPlayerLoyalty(playerGuid: string, signal?: AbortSignal): Promise<PlayerLoyalty> {
  return (await staffApi().get(`/loyalty/players/${encodeURIComponent(playerGuid)}`, { signal, schema: playerLoyalty })).payload;
}
export const playerLoyaltyQueryOptions = (playerGuid: string) =>
  queryOptions({ queryKey: playerLoyaltyKey(playerGuid), queryFn: ({ signal }) => getPlayerLoyalty(playerGuid, signal), enabled: playerGuid !== "" });
export const usePlayerLoyalty = (playerGuid: string) => useQuery(playerLoyaltyQueryOptions(playerGuid));

/** POST /loyalty/players/:player_guid/coins. */
export async function adjustPlayerCoins(input: { playerGuid: string; body: CoinAdjustmentInput }): Promise<PlayerLoyalty> {
  return (await staffApi().post(`/loyalty/players/${encodeURIComponent(input.playerGuid)}/coins`, { body: input.body, schema: playerLoyalty })).payload;
}

export function useAdjustPlayerCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustPlayerCoins,
    onSuccess: (saved) => queryClient.setQueryData(playerLoyaltyKey(saved.player_guid), saved),
  });
}
