/**
 * A minimal GET for loaders and queries until the shared typed client
 * (packages/contract/src/api-client.ts) lands; swap the body of `apiGet` for it then.
 *
 * An `Api` is where calls go: on the server the in-process Fastify (load context `apiFetch`,
 * no network hop), in the browser `fetch` on the same origin.
 */
export type ApiFetch = (request: Request) => Promise<Response>;
export type Api = { origin: string; fetch: ApiFetch; headers: () => Headers };

export class ApiRequestError extends Error {
  override name = "ApiRequestError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Envelope = { status?: unknown; payload?: unknown };
type ErrorPayload = { code?: unknown; message?: unknown };

export type Query = Record<string, string | number | boolean | undefined>;

export function apiUrl(api: Api, path: string, query?: Query): URL {
  const url = new URL(path, api.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
}

/** GET `path` (e.g. "/api/v1/edgesync/dictionary/tags"), unwrap the envelope, throw ApiRequestError on failure. */
export async function apiGet<T>(api: Api, path: string, options: { query?: Query; signal?: AbortSignal } = {}): Promise<T> {
  const headers = api.headers();
  headers.set("accept", "application/json");
  const response = await api.fetch(new Request(apiUrl(api, path, options.query), { headers, signal: options.signal }));
  const body = (await response.json().catch(() => null)) as Envelope | null;
  if (response.ok && body?.status === "ok") return body.payload as T;
  const error = (body?.payload ?? {}) as ErrorPayload;
  throw new ApiRequestError(
    response.status,
    typeof error.code === "string" ? error.code : "UNEXPECTED_RESPONSE",
    typeof error.message === "string" ? error.message : `GET ${path} answered ${response.status}`,
  );
}
