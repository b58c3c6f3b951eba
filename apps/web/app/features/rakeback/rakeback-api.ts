import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { RakebackBalance, RakebackClaim } from "@croupier/contract/entities/rakeback";
import type { Pager } from "@croupier/contract/envelope";
import type { Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import { playerApi } from "../../lib/player-api";

// The rakeback page's calls (issue #18, ADR 035): one fetcher, one queryOptions factory and one hook
// per endpoint. Every key starts with rakebackRootKey so a claim refreshes the balance and history.

export const rakebackRootKey = ["rakeback"] as const;
export const rakebackBalancesKey = (userId: string | null) => [...rakebackRootKey, "balances", userId] as const;
export const rakebackClaimsKey = (userId: string | null, page: number) => [...rakebackRootKey, "claims", userId, page] as const;

export const CLAIMS_PER_PAGE = 10;

export type Page<T> = { items: T[]; pager: Pager };

/** GET /bonuses/rakeback: per wallet, what is available, the totals and the running campaign's rates. */
export async function fetchRakebackBalances(api: Api, signal?: AbortSignal): Promise<RakebackBalance[]> {
  const { payload } = await api.client.get<RakebackBalance[]>("/api/v1/bonuses/rakeback", { signal });
  return payload;
}

/** GET /bonuses/rakeback/claims: the player's claims, newest first. */
export async function fetchRakebackClaims(api: Api, page: number, signal?: AbortSignal): Promise<Page<RakebackClaim>> {
  const { payload, metadata } = await api.client.get<RakebackClaim[]>("/api/v1/bonuses/rakeback/claims", {
    query: { page, per_page: CLAIMS_PER_PAGE },
    signal,
  });
  const meta = metadata as Record<string, unknown>;
  const total = typeof meta.total === "number" ? meta.total : payload.length;
  return { items: payload, pager: { page, per_page: CLAIMS_PER_PAGE, total } };
}

/**
 * POST /bonuses/rakeback/claim: claims everything available on the wallet. `attempt` (hex) makes the
 * Idempotency-Key, so a retry of the same click (a lost answer) never pays twice.
 */
export async function claimRakeback(input: { walletGuid: string; attempt: string }): Promise<RakebackClaim> {
  const { payload } = await playerApi().post<RakebackClaim>("/api/v1/bonuses/rakeback/claim", {
    body: { wallet_guid: input.walletGuid },
    headers: { "idempotency-key": `rakeback-${input.attempt}` },
  });
  return payload;
}

export const rakebackBalancesQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({
    queryKey: rakebackBalancesKey(userId),
    queryFn: ({ signal }) => fetchRakebackBalances(api, signal),
    enabled: userId !== null,
    // Accrual runs every few seconds off the bet path: read it fresh on every visit, and again now and
    // then while the page is open (a player playing in another tab sees it grow).
    staleTime: 0,
    refetchInterval: 20_000,
  });

export const rakebackClaimsQueryOptions = (api: Api, userId: string | null, page: number) =>
  queryOptions({
    queryKey: rakebackClaimsKey(userId, page),
    queryFn: ({ signal }) => fetchRakebackClaims(api, page, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

export function useRakebackBalances(userId: string | null) {
  return useQuery(rakebackBalancesQueryOptions(useApi(), userId));
}

export function useRakebackClaims(userId: string | null, page: number) {
  return useQuery(rakebackClaimsQueryOptions(useApi(), userId, page));
}

export function refetchRakeback(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: rakebackRootKey });
}

/** `onSettled` lets the page refresh what the claim moved outside this feature (the wallets). */
export function useClaimRakeback(onSettled?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRakeback,
    onSettled: () => {
      void refetchRakeback(queryClient);
      onSettled?.();
    },
  });
}
