import { createApiClient, type ApiClient, type Query } from "@croupier/contract/api-client";

/**
 * Where calls go: on the server the in-process Fastify (load context `apiFetch`, no network hop)
 * acting as the player who asked for the page; in the browser `fetch` on the same origin.
 */
export type ApiFetch = (request: Request) => Promise<Response>;
export type Api = {
  origin: string;
  fetch: ApiFetch;
  headers: () => Headers;
  /** The browser's bearer token (memory only, refreshed when close to expiry); SSR puts it in headers(). */
  getAccessToken?: () => Promise<string | null>;
  /** The contract's 5xx reaction; the browser shows the server-error toast. */
  onServerError?: (message: string) => void;
};

const clients = new WeakMap<Api, ApiClient>();

/** The shared typed client (packages/contract api-client) bound to this Api. */
export function apiClient(api: Api): ApiClient {
  let client = clients.get(api);
  if (!client) {
    client = createApiClient({
      baseUrl: api.origin,
      fetch: api.fetch,
      headers: () => api.headers(),
      getAccessToken: api.getAccessToken,
      onServerError: api.onServerError,
    });
    clients.set(api, client);
  }
  return client;
}

/** GET `path` (e.g. "/api/v1/edgesync/dictionary/tags") and return the envelope's payload; rejects with ResponseError/FetchError. */
export async function apiGet<T>(api: Api, path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const { payload } = await apiClient(api).get<T>(path, options);
  return payload;
}
