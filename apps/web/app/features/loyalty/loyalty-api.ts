import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CoinBalance, CoinExchangeResult, CoinShopItem, LoyaltyStatus, MiningSpeed } from "@croupier/contract/entities/loyalty";
import { apiGet, type Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import { playerApi } from "../../lib/player-api";
import { coinBalanceKey, coinShopKey, loyaltyRootKey, loyaltyStatusKey, miningSpeedKey } from "./loyalty-keys";

// The loyalty feature's calls (issue #18): one fetcher per endpoint, one queryOptions factory and
// one hook each. Every key starts with loyaltyRootKey, so a realtime coin or level event refreshes
// everything the coin page and the level card show.

/** GET /loyalty/status: level, volume and progress to the next level. */
export function fetchLoyaltyStatus(api: Api, signal?: AbortSignal): Promise<LoyaltyStatus> {
  return apiGet<LoyaltyStatus>(api, "/api/v1/loyalty/status", { signal });
}

/** GET /loyalty/mining/user-speed: the seed's mining speed. */
export function fetchMiningSpeed(api: Api, signal?: AbortSignal): Promise<MiningSpeed> {
  return apiGet<MiningSpeed>(api, "/api/v1/loyalty/mining/user-speed", { signal });
}

/** GET /loyalty/coins: the balance and the mining clock the live counter counts from. */
export function fetchCoinBalance(api: Api, signal?: AbortSignal): Promise<CoinBalance> {
  return apiGet<CoinBalance>(api, "/api/v1/loyalty/coins", { signal });
}

/** GET /loyalty/coin-shop: coin bonuses on sale now. */
export function fetchCoinShop(api: Api, signal?: AbortSignal): Promise<CoinShopItem[]> {
  return apiGet<CoinShopItem[]>(api, "/api/v1/loyalty/coin-shop", { signal });
}

/** POST /bonuses/coin/exchange/{bonus_guid}: the key makes a double click or a retry buy once. */
export async function exchangeCoins(input: { bonusGuid: string; idempotencyKey: string }): Promise<CoinExchangeResult> {
  const { payload } = await playerApi().post<CoinExchangeResult>(`/api/v1/bonuses/coin/exchange/${encodeURIComponent(input.bonusGuid)}`, {
    body: { idempotency_key: input.idempotencyKey },
  });
  return payload;
}

export const loyaltyStatusQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({ queryKey: loyaltyStatusKey(userId), queryFn: ({ signal }) => fetchLoyaltyStatus(api, signal), enabled: userId !== null });

/** The speed changes when play starts or stops (a minute or so): read again now and then. */
export const miningSpeedQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({
    queryKey: miningSpeedKey(userId),
    queryFn: ({ signal }) => fetchMiningSpeed(api, signal),
    enabled: userId !== null,
    refetchInterval: 30_000,
  });

export const coinBalanceQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({ queryKey: coinBalanceKey(userId), queryFn: ({ signal }) => fetchCoinBalance(api, signal), enabled: userId !== null });

export const coinShopQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({ queryKey: coinShopKey(userId), queryFn: ({ signal }) => fetchCoinShop(api, signal), enabled: userId !== null });

export function useLoyaltyStatus(userId: string | null) {
  return useQuery(loyaltyStatusQueryOptions(useApi(), userId));
}

export function useMiningSpeed(userId: string | null) {
  return useQuery(miningSpeedQueryOptions(useApi(), userId));
}

export function useCoinBalance(userId: string | null) {
  return useQuery(coinBalanceQueryOptions(useApi(), userId));
}

export function useCoinShop(userId: string | null) {
  return useQuery(coinShopQueryOptions(useApi(), userId));
}

/** `onSettled` lets the page refresh what the exchange moved outside this feature (bonuses, wallets). */
export function useExchangeCoins(onSettled?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeCoins,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: loyaltyRootKey });
      onSettled?.();
    },
  });
}
