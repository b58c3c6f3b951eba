import { dehydrate, hashKey, QueryClient, type DehydratedState, type QueryKey } from "@tanstack/react-query";

const STALE_MS = 60_000;

/** One per server request (never shared between players), one per browser tab. */
export function makeQueryClient(onServer: boolean) {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: STALE_MS, retry: onServer ? false : 1, refetchOnWindowFocus: false },
    },
  });
}

let browserClient: QueryClient | undefined;

export function getBrowserQueryClient(): QueryClient {
  browserClient ??= makeQueryClient(false);
  return browserClient;
}

/** Just the queries a loader prefetched, so parallel loaders do not ship each other's data twice. */
export function dehydrateQueries(client: QueryClient, keys: QueryKey[]): DehydratedState {
  const wanted = new Set(keys.map((key) => hashKey(key)));
  return dehydrate(client, { shouldDehydrateQuery: (query) => wanted.has(query.queryHash) && query.state.status === "success" });
}
