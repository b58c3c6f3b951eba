import type { ApiClient, Query } from "@croupier/contract/api-client";

/** The server's in-process Fastify (load context `apiFetch`): no network hop during SSR. */
export type ApiFetch = (request: Request) => Promise<Response>;

/**
 * The API as this render reaches it: on the server the in-process Fastify acting as the player
 * who asked for the page (server-api.ts), in the browser the tab's player client (player-api.ts).
 * Both take paths from the origin ("/api/v1/edgesync/dictionary/tags", "/api/feature-status").
 */
export type Api = { client: ApiClient };

/** GET `path` and return the envelope's payload; rejects with ResponseError/FetchError. */
export async function apiGet<T>(api: Api, path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const { payload } = await api.client.get<T>(path, options);
  return payload;
}
