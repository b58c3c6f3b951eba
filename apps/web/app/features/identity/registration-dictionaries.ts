import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Country } from "@croupier/contract/entities/country";
import type { Currency } from "@croupier/contract/entities/currency";
import { playerApi } from "../../lib/player-api";

const TEN_MINUTES = 10 * 60_000;

/** GET /dictionary/currencies, only those offered at registration. A failure leaves the list empty. */
export async function fetchRegistrationCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  try {
    const { payload } = await playerApi().get<Currency[]>("/api/v1/dictionary/currencies", { query: { page: 1, per_page: 200 }, signal });
    return payload.filter((currency) => currency.registration);
  } catch (error) {
    console.warn("currency list failed", error);
    return [];
  }
}

export const registrationCurrenciesQueryOptions = () =>
  queryOptions({ queryKey: ["identity-public", "currencies"], queryFn: ({ signal }) => fetchRegistrationCurrencies(signal), staleTime: TEN_MINUTES });

export function useRegistrationCurrencies() {
  return useQuery(registrationCurrenciesQueryOptions());
}

/** GET /dictionary/countries (cached 10 minutes). A failure leaves the list empty. */
export async function fetchCountries(signal?: AbortSignal): Promise<Country[]> {
  try {
    const { payload } = await playerApi().get<Country[]>("/api/v1/dictionary/countries", { signal });
    return [...payload].sort((a, b) => a.country.localeCompare(b.country));
  } catch (error) {
    console.warn("country list failed", error);
    return [];
  }
}

export const countriesQueryOptions = () =>
  queryOptions({ queryKey: ["identity-public", "countries"], queryFn: ({ signal }) => fetchCountries(signal), staleTime: TEN_MINUTES });

export function useCountries() {
  return useQuery(countriesQueryOptions());
}
