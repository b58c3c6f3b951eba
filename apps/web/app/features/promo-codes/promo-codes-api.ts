import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CustomerPromoCode, PromoCodeActivation } from "@croupier/contract/entities/promo-code";
import type { Pager } from "@croupier/contract/envelope";
import type { Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import { playerApi } from "../../lib/player-api";

// The promo-code feature's calls (seed 001 "### Promo codes", issue #18): one fetcher per endpoint,
// one queryOptions factory and one hook each.

export const promoCodesRootKey = ["promo-codes"] as const;
export const customerPromoCodesKey = (userId: string | null, page: number) => [...promoCodesRootKey, "mine", userId, page] as const;

export const PROMO_CODES_PAGE_SIZE = 10;

export type PromoCodesPage = { items: CustomerPromoCode[]; pager: Pager };

/** POST /promocodes/activate: redeems a code; the answer's message names the bonus. */
export async function activatePromoCode(code: string): Promise<PromoCodeActivation> {
  const { payload } = await playerApi().post<PromoCodeActivation>("/api/v1/promocodes/activate", { body: { code } });
  return payload;
}

/** GET /promocodes: the player's redeemed codes, newest first. */
export async function fetchCustomerPromoCodes(api: Api, page: number, signal?: AbortSignal): Promise<PromoCodesPage> {
  const { payload, metadata } = await api.client.get<CustomerPromoCode[]>("/api/v1/promocodes", {
    query: { page, per_page: PROMO_CODES_PAGE_SIZE },
    signal,
  });
  const total = typeof metadata.total === "number" ? metadata.total : payload.length;
  return { items: payload, pager: { page, per_page: PROMO_CODES_PAGE_SIZE, total } };
}

export const customerPromoCodesQueryOptions = (api: Api, userId: string | null, page: number) =>
  queryOptions({
    queryKey: customerPromoCodesKey(userId, page),
    queryFn: ({ signal }) => fetchCustomerPromoCodes(api, page, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });

export function useCustomerPromoCodes(userId: string | null, page: number) {
  return useQuery(customerPromoCodesQueryOptions(useApi(), userId, page));
}

/** Redeem a code; the player's list refreshes, and `onRedeemed` lets the page refresh what the bonus changed. */
export function useActivatePromoCode(onRedeemed?: (activation: PromoCodeActivation) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePromoCode,
    onSuccess: (activation) => {
      void queryClient.invalidateQueries({ queryKey: promoCodesRootKey });
      onRedeemed?.(activation);
    },
  });
}
