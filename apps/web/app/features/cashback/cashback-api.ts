import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { CustomerBonus } from "@croupier/contract/entities/bonus";
import type { CashbackEstimate } from "@croupier/contract/entities/cashback";
import type { Pager } from "@croupier/contract/envelope";
import { apiGet, type Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";

// The cashback calls (issue #18): one fetcher, one queryOptions factory and one hook per endpoint.
// Keys live under "bonuses" on purpose: a realtime bonus event (a cashback grant is one) refreshes
// everything under that root, this list included.

export const cashbackRootKey = ["bonuses", "cashback"] as const;
export const cashbackBonusesKey = (userId: string | null, page: number) => [...cashbackRootKey, "list", userId, page] as const;
export const cashbackEstimateKey = (userId: string | null) => [...cashbackRootKey, "estimate", userId] as const;

export const CASHBACK_PER_PAGE = 5;

export type CashbackPage = { items: CustomerBonus[]; pager: Pager };

/** GET /bonuses/cashback/list: the player's cashback bonuses, newest first. */
export async function fetchCashbackBonuses(api: Api, page: number, signal?: AbortSignal): Promise<CashbackPage> {
  const { payload, metadata } = await api.client.get<CustomerBonus[]>("/api/v1/bonuses/cashback/list", {
    query: { page, per_page: CASHBACK_PER_PAGE },
    signal,
  });
  const total = typeof metadata.total === "number" ? metadata.total : payload.length;
  return { items: payload, pager: { page, per_page: CASHBACK_PER_PAGE, total } };
}

/** GET /bonuses/cashback/estimate: what each running period would pay if it closed now. */
export async function fetchCashbackEstimate(api: Api, signal?: AbortSignal): Promise<CashbackEstimate[]> {
  return apiGet<CashbackEstimate[]>(api, "/api/v1/bonuses/cashback/estimate", { signal });
}

export const cashbackBonusesQueryOptions = (api: Api, userId: string | null, page: number) =>
  queryOptions({
    queryKey: cashbackBonusesKey(userId, page),
    queryFn: ({ signal }) => fetchCashbackBonuses(api, page, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

export const cashbackEstimateQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({
    queryKey: cashbackEstimateKey(userId),
    queryFn: ({ signal }) => fetchCashbackEstimate(api, signal),
    enabled: userId !== null,
    // Moves with every bet; a minute old is close enough for an estimate.
    staleTime: 60_000,
  });

export function useCashbackBonuses(userId: string | null, page: number) {
  return useQuery(cashbackBonusesQueryOptions(useApi(), userId, page));
}

export function useCashbackEstimate(userId: string | null) {
  return useQuery(cashbackEstimateQueryOptions(useApi(), userId));
}
