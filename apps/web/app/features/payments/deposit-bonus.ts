import { queryOptions, useQuery } from "@tanstack/react-query";
import type { HubBonus } from "@croupier/contract/entities/bonus";
import { compareAmounts, isDecimal } from "@croupier/contract/money";
import { playerApi } from "../../lib/player-api";

/** Deposit offers asked for at once: far more than a casino runs side by side (the API's page cap is 200). */
export const DEPOSIT_OFFERS_PER_PAGE = 50;

/**
 * What the deposit sends as its bonus choice: an offer's campaign (bonus_guid), null for "no bonus",
 * or undefined to leave it to the server's default offer for this deposit number.
 */
export type BonusChoice = string | null | undefined;

/** GET /bonus_hub?bonus_trigger=deposit: the running deposit offers, each with the player's eligibility. */
export async function fetchDepositOffers(signal?: AbortSignal): Promise<HubBonus[]> {
  const { payload } = await playerApi().get<HubBonus[]>("/api/v1/bonus_hub", {
    query: { bonus_trigger: "deposit", page: 1, per_page: DEPOSIT_OFFERS_PER_PAGE },
    signal,
  });
  return Array.isArray(payload) ? payload : [];
}

export const depositOffersQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ["payments", "deposit-offers", userId] as const,
    queryFn: ({ signal }) => fetchDepositOffers(signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });

/** The offers; a failure reads as none (the deposit itself must never depend on the bonus hub). */
export function useDepositOffers(userId: string | null) {
  return useQuery({ ...depositOffersQueryOptions(userId), retry: false });
}

/** An offer's short terms in the wallet's currency (the decimal strings as the API sent them). */
export type DepositOfferTerms = {
  bonusGuid: string;
  name: string;
  type: HubBonus["bonus_type"];
  percent: string;
  maxBonus: string;
  wager: string;
  minDeposit: string;
  freeSpins: number;
  freeSpinBet: string;
  /** Which deposit it is for (null: any). */
  depositNumber: number | null;
  /** The full terms, shown before the deposit opts the player in (the gb profile requires them). */
  terms: string;
};

/**
 * The offers this deposit could get: eligible now and with terms in the wallet's currency, the
 * server's order kept (offers for an exact deposit number before "any deposit" ones).
 */
export function depositOffersFor(offers: readonly HubBonus[], currencyGuid: string): DepositOfferTerms[] {
  const terms: DepositOfferTerms[] = [];
  for (const offer of offers) {
    if (offer.bonus_trigger !== "deposit" || offer.eligibility?.eligible === false) continue;
    const currency = offer.bonus_currencies.find((c) => c.currency_guid === currencyGuid);
    if (!currency) continue;
    terms.push({
      bonusGuid: offer.bonus_guid,
      name: offer.bonus_name,
      type: offer.bonus_type,
      percent: offer.bonus_percent,
      maxBonus: currency.max_bonus_sum,
      wager: offer.bonus_wager,
      minDeposit: currency.min_deposit_sum,
      freeSpins: currency.free_spins_count,
      freeSpinBet: currency.free_spin_bet,
      depositNumber: offer.deposit_number,
      terms: offer.terms,
    });
  }
  return terms;
}

/**
 * The offer the server applies when the player says nothing: the first one for exactly this
 * deposit number, else the first for any deposit (the hub lists them in that order already).
 */
export function defaultDepositOffer(offers: readonly DepositOfferTerms[]): DepositOfferTerms | null {
  return offers.find((o) => o.depositNumber !== null) ?? offers.find((o) => o.depositNumber === null) ?? null;
}

/** True when the typed amount is a number under the offer's minimum deposit (the bonus would not be granted). */
export function belowMinDeposit(amount: string, offer: Pick<DepositOfferTerms, "minDeposit">): boolean {
  const value = amount.trim().replace(/,/g, "");
  if (!isDecimal(value) || !isDecimal(offer.minDeposit)) return false;
  return compareAmounts(value, offer.minDeposit) < 0;
}

/** What is sent: the choice, with the default made explicit once the offers are known. */
export function bonusGuidToSend(choice: BonusChoice, offers: readonly DepositOfferTerms[]): string | null | undefined {
  if (choice === null) return null;
  if (choice !== undefined && offers.some((o) => o.bonusGuid === choice)) return choice;
  return defaultDepositOffer(offers)?.bonusGuid;
}
