import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { HubBonus } from "@croupier/contract/entities/bonus";
import type { Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";

// The pop-ups show the welcome offer the bonus engine runs now (GET /bonus_hub, public), never fixed
// text: the register promo the registration offer (else the first-deposit offer a new player gets next),
// the deposit promo the first-deposit offer the player can still get.

export type PromoKind = "register" | "deposit";

/** One page of running offers is enough: a project runs a few dozen at most; the server clamps it. */
export const WELCOME_OFFERS_PER_PAGE = 50;

export const welcomeOffersKey = (userId: string | null) => ["promo-popups", "welcome-offers", userId] as const;

/** GET /bonus_hub: the running offers (with eligibility for a signed-in player). */
export async function fetchWelcomeOffers(api: Api, signal?: AbortSignal): Promise<HubBonus[]> {
  const { payload } = await api.client.get<HubBonus[]>("/api/v1/bonus_hub", { query: { page: 1, per_page: WELCOME_OFFERS_PER_PAGE }, signal });
  return payload;
}

export const welcomeOffersQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({
    queryKey: welcomeOffersKey(userId),
    queryFn: ({ signal }) => fetchWelcomeOffers(api, signal),
    // Offers change when staff edit a campaign: a minute old is fresh enough for a pop-up.
    staleTime: 60_000,
  });

export function useWelcomeOffers(userId: string | null, enabled: boolean) {
  return useQuery({ ...welcomeOffersQueryOptions(useApi(), userId), enabled });
}

/** Ensures the offers are cached (the deposit promo decides on them before it opens). */
export function loadWelcomeOffers(queryClient: QueryClient, api: Api, userId: string | null): Promise<HubBonus[]> {
  return queryClient.fetchQuery(welcomeOffersQueryOptions(api, userId));
}

const isFirstDepositOffer = (offer: HubBonus) => offer.bonus_trigger === "deposit" && offer.deposit_number === 1;
const available = (offer: HubBonus) => offer.eligibility?.eligible !== false;

/**
 * The offer a pop-up shows, or null. Register: a registration offer, else the first-deposit offer
 * (what a new player gets with the first deposit). Deposit: the first-deposit offer the player may
 * still get. Offers the player cannot get are never advertised.
 */
export function pickWelcomeOffer(kind: PromoKind, offers: readonly HubBonus[]): HubBonus | null {
  const open = offers.filter(available);
  if (kind === "register") return open.find((offer) => offer.bonus_trigger === "registration") ?? open.find(isFirstDepositOffer) ?? null;
  return open.find(isFirstDepositOffer) ?? null;
}
