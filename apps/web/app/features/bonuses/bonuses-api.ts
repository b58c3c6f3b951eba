import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type {
  BonusLabel,
  CustomerBonus,
  CustomerBonusStatus,
  HubBonus,
} from "@croupier/contract/entities/bonus";
import type { Pager } from "@croupier/contract/envelope";
import { apiGet, type Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import { playerApi } from "../../lib/player-api";

// The bonus feature's calls (seed 001 §Bonuses, issue #17): one fetcher per endpoint, one
// queryOptions factory and one hook each. Every key starts with bonusesRootKey so a realtime
// bonus event can refresh everything the pages show with one invalidation.

export const bonusesRootKey = ["bonuses"] as const;
/** The hub's offers carry the signed-in player's eligibility: keyed by player, never shared. */
export const hubBonusesKey = (userId: string | null, filters: HubFilters) => [...bonusesRootKey, "hub", userId, filters] as const;
export const hubLabelsKey = [...bonusesRootKey, "hub-labels"] as const;
export const hubBonusKey = (userId: string | null, bonusGuid: string) => [...bonusesRootKey, "hub-bonus", userId, bonusGuid] as const;
export const customerBonusesKey = (userId: string | null, filters: CustomerBonusFilters) =>
  [...bonusesRootKey, "mine", userId, filters] as const;

/** The hub's page: a few dozen offers at most in practice; the server clamps at BONUS_PER_PAGE_MAX. */
export const HUB_PER_PAGE = 50;
export const HISTORY_PER_PAGE = 10;
/** Open bonuses (offered and active): one active per wallet, offers are few. */
export const OPEN_PER_PAGE = 50;

export type HubFilters = { label_guid?: string; deposit_number?: number; bonus_trigger?: string };
export type CustomerBonusFilters = { status: readonly CustomerBonusStatus[]; page: number; per_page: number };

export type Page<T> = { items: T[]; pager: Pager };

function pagerOf(metadata: Record<string, unknown>, fallback: { page: number; per_page: number; count: number }): Pager {
  const number = (value: unknown, otherwise: number) => (typeof value === "number" && Number.isFinite(value) ? value : otherwise);
  return {
    page: number(metadata.page, fallback.page),
    per_page: number(metadata.per_page, fallback.per_page),
    total: number(metadata.total, fallback.count),
  };
}

/** GET /bonus_hub: the running offers (public), with eligibility for a signed-in player. */
export async function fetchHubBonuses(api: Api, filters: HubFilters, signal?: AbortSignal): Promise<Page<HubBonus>> {
  const { payload, metadata } = await api.client.get<HubBonus[]>("/api/v1/bonus_hub", {
    query: { ...filters, page: 1, per_page: HUB_PER_PAGE },
    signal,
  });
  return { items: payload, pager: pagerOf(metadata, { page: 1, per_page: HUB_PER_PAGE, count: payload.length }) };
}

/** GET /bonus_hub/labels: the labels offers can carry (the promo page's filter). */
export async function fetchHubLabels(api: Api, signal?: AbortSignal): Promise<BonusLabel[]> {
  return apiGet<BonusLabel[]>(api, "/api/v1/bonus_hub/labels", { signal });
}

/** GET /bonus?bonus_guid=: one visible campaign at its current version (the bonus-info dialog). */
export async function fetchHubBonus(api: Api, bonusGuid: string, signal?: AbortSignal): Promise<HubBonus> {
  return apiGet<HubBonus>(api, "/api/v1/bonus", { query: { bonus_guid: bonusGuid }, signal });
}

/** GET /bonuses/list: the player's bonuses, newest first. */
export async function fetchCustomerBonuses(api: Api, filters: CustomerBonusFilters, signal?: AbortSignal): Promise<Page<CustomerBonus>> {
  const { payload, metadata } = await api.client.get<CustomerBonus[]>("/api/v1/bonuses/list", {
    query: { status: filters.status.join(","), page: filters.page, per_page: filters.per_page },
    signal,
  });
  return { items: payload, pager: pagerOf(metadata, { page: filters.page, per_page: filters.per_page, count: payload.length }) };
}

/** PATCH /bonuses/activate/{guid}: answers the customer bonus as it is now. */
export async function activateCustomerBonus(guid: string): Promise<CustomerBonus> {
  const { payload } = await playerApi().patch<CustomerBonus>(`/api/v1/bonuses/activate/${encodeURIComponent(guid)}`);
  return payload;
}

/** PATCH /bonuses/cancel/{guid}: forfeits the bonus money and its winnings. */
export async function cancelCustomerBonus(guid: string): Promise<CustomerBonus> {
  const { payload } = await playerApi().patch<CustomerBonus>(`/api/v1/bonuses/cancel/${encodeURIComponent(guid)}`);
  return payload;
}

export const hubBonusesQueryOptions = (api: Api, userId: string | null, filters: HubFilters) =>
  queryOptions({
    queryKey: hubBonusesKey(userId, filters),
    queryFn: ({ signal }) => fetchHubBonuses(api, filters, signal),
    placeholderData: keepPreviousData,
  });

export const hubLabelsQueryOptions = (api: Api) =>
  queryOptions({ queryKey: hubLabelsKey, queryFn: ({ signal }) => fetchHubLabels(api, signal), staleTime: 5 * 60_000 });

export const hubBonusQueryOptions = (api: Api, userId: string | null, bonusGuid: string | null) =>
  queryOptions({
    queryKey: hubBonusKey(userId, bonusGuid ?? ""),
    queryFn: ({ signal }) => fetchHubBonus(api, bonusGuid ?? "", signal),
    enabled: bonusGuid !== null,
  });

export const customerBonusesQueryOptions = (api: Api, userId: string | null, filters: CustomerBonusFilters) =>
  queryOptions({
    queryKey: customerBonusesKey(userId, filters),
    queryFn: ({ signal }) => fetchCustomerBonuses(api, filters, signal),
    enabled: userId !== null,
    // Wagering moves with every bet: always read it fresh.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export function useHubBonuses(userId: string | null, filters: HubFilters, enabled = true) {
  return useQuery({ ...hubBonusesQueryOptions(useApi(), userId, filters), enabled });
}

export function useHubLabels() {
  return useQuery(hubLabelsQueryOptions(useApi()));
}

export function useHubBonus(userId: string | null, bonusGuid: string | null) {
  return useQuery(hubBonusQueryOptions(useApi(), userId, bonusGuid));
}

export function useCustomerBonuses(userId: string | null, filters: CustomerBonusFilters) {
  return useQuery(customerBonusesQueryOptions(useApi(), userId, filters));
}

/** Everything the bonus pages show (offers, eligibility, my bonuses) is read again. */
export function refetchBonuses(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: bonusesRootKey });
}

function useBonusMutation(mutationFn: (guid: string) => Promise<CustomerBonus>, onSettled?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => {
      void refetchBonuses(queryClient);
      onSettled?.();
    },
  });
}

/** `onSettled` lets the page refresh what the bonus moved outside this feature (the wallets). */
export const useActivateCustomerBonus = (onSettled?: () => void) => useBonusMutation(activateCustomerBonus, onSettled);
export const useCancelCustomerBonus = (onSettled?: () => void) => useBonusMutation(cancelCustomerBonus, onSettled);

export type BonusCounts = { offers: number | null; active: number | null; waiting: number | null };

/** The overview cards' numbers: running offers for everyone, the player's active and waiting bonuses. */
export function useBonusCounts(userId: string | null): BonusCounts {
  const offers = useHubBonuses(userId, {});
  const open = useCustomerBonuses(userId, { status: ["offered", "active"], page: 1, per_page: OPEN_PER_PAGE });
  const items = open.data?.items;
  return {
    offers: offers.data ? offers.data.pager.total : null,
    active: items ? items.filter((bonus) => bonus.status === "active").length : null,
    waiting: items ? items.filter((bonus) => bonus.status === "offered").length : null,
  };
}
