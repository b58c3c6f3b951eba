import { QueryClient } from "@tanstack/react-query";
import { ResponseError } from "@croupier/contract/api-client";

const STALE_MS = 30_000;

/** One per tab. Refused calls (4xx) are not retried: asking again gets the same answer. */
export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_MS,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ResponseError && error.status < 500) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}
