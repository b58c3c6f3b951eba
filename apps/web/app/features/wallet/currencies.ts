import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Currency } from "@croupier/contract/entities/currency";
import { playerApi } from "../../lib/player-api";
import { currenciesKey } from "./wallet-keys";

const TEN_MINUTES = 10 * 60_000;
/** The dictionary is a few dozen currencies; the API's page ceiling is 200. */
const CURRENCIES_PER_PAGE = 200;

/** GET /dictionary/currencies. Rejects (logged) on failure: callers treat that as an empty list. */
export async function fetchCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  try {
    const { payload } = await playerApi().get<Currency[]>("/api/v1/dictionary/currencies", {
      query: { page: 1, per_page: CURRENCIES_PER_PAGE },
      signal,
    });
    return payload;
  } catch (error) {
    console.warn("currency list failed", error);
    throw error;
  }
}

export const currenciesQueryOptions = () =>
  queryOptions({ queryKey: currenciesKey, queryFn: ({ signal }) => fetchCurrencies(signal), staleTime: TEN_MINUTES });

/** Every currency (an empty list while loading or after a failure). */
export function useCurrencies(enabled = true) {
  const query = useQuery({ ...currenciesQueryOptions(), enabled });
  return { currencies: query.data ?? [], loading: query.isPending && enabled };
}
