import type { ApiError, ErrorCode, FieldError } from "./envelope.ts";

/**
 * The typed client of the product API, shared by the web app (browser and SSR)
 * and by tests. It speaks the envelope: a 2xx resolves to `{ payload, metadata }`,
 * anything else rejects with a typed error after the contract's global reactions
 * (401/403 → onUnauthorized, 5xx → onServerError) have run.
 *
 * No runtime imports: this file ends up in the browser's first-load bundle.
 */

/** Shown to the player on any 5xx (contract: toast for 5 s, console when no toast is available). */
export const SERVER_ERROR_MESSAGE =
  "The requested operation is currently not available, please contact support in order to resolve this issue";

export type QueryPrimitive = string | number | boolean | bigint;
export type QueryValue = QueryPrimitive | null | undefined | readonly (QueryPrimitive | null | undefined)[];
export type Query = Readonly<Record<string, QueryValue>>;

export type Metadata = { request_id: string } & Record<string, unknown>;

export type ApiResult<TPayload, TMetadata extends object = Metadata> = {
  payload: TPayload;
  metadata: Metadata & TMetadata;
};

/** Anything with a zod-like `parse`; lets callers validate the payload without this file importing zod. */
export type PayloadParser<T> = { parse: (data: unknown) => T };

export type RequestOptions<TPayload = unknown> = {
  query?: Query;
  /** Plain values are sent as JSON; FormData, Blob, URLSearchParams and binary bodies are sent as they are. */
  body?: unknown;
  headers?: HeadersInit;
  signal?: AbortSignal;
  /** Session calls send cookies too (contract §6). */
  credentials?: RequestCredentials;
  /** Validates the payload of a 2xx answer; a mismatch rejects with ResponseError (code INTERNAL_ERROR). */
  schema?: PayloadParser<TPayload>;
};

/** One argument, a Request: global fetch fits, and so does the server's in-process `apiFetch` used during SSR. */
export type FetchLike = (request: Request) => Promise<Response>;

export type ApiClientOptions = {
  /**
   * Where `/api/v1` lives: an absolute URL ("http://croupier.internal/api/v1" during SSR), or a
   * path ("/api/v1") in the browser, resolved against the page's origin.
   */
  baseUrl: string;
  fetch?: FetchLike;
  getAccessToken?: () => string | null | undefined | Promise<string | null | undefined>;
  /** Sent with every call (e.g. SSR forwards the player's cookie and user agent); per-call headers win. */
  headers?: HeadersInit | (() => HeadersInit);
  /** 401 or 403 on any call: the app clears the access token, the refresh token and the user id. */
  onUnauthorized?: (response: Response) => void;
  /** 5xx on any call; receives {@link SERVER_ERROR_MESSAGE}. Without a handler the message goes to console.error. */
  onServerError?: (message: string, response: Response) => void;
};

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

type Call = <TPayload = unknown, TMetadata extends object = Metadata>(
  path: string,
  options?: RequestOptions<TPayload>,
) => Promise<ApiResult<TPayload, TMetadata>>;

export type ApiClient = {
  request: <TPayload = unknown, TMetadata extends object = Metadata>(
    method: HttpMethod,
    path: string,
    options?: RequestOptions<TPayload>,
  ) => Promise<ApiResult<TPayload, TMetadata>>;
  get: Call;
  post: Call;
  put: Call;
  patch: Call;
  delete: Call;
};

/** A non-2xx answer (or a 2xx whose body is not an envelope). */
export class ResponseError extends Error {
  override readonly name = "ResponseError";
  readonly status: number;
  /** The error payload of the envelope: {code, message, fields?}. Synthesized when the body is not an envelope. */
  readonly payload: ApiError;
  /** The raw answer; its body has already been read into `payload`. */
  readonly response: Response;
  readonly requestId: string | undefined;
  /** True when a global reaction already ran (401/403 or 5xx), so callers need not show their own message. */
  readonly handled: boolean;

  constructor(init: { response: Response; payload: ApiError; requestId?: string; handled?: boolean }) {
    super(init.payload.message);
    this.status = init.response.status;
    this.payload = init.payload;
    this.response = init.response;
    this.requestId = init.requestId;
    this.handled = init.handled ?? false;
  }

  get code(): ErrorCode {
    return this.payload.code;
  }

  get fields(): FieldError[] {
    return this.payload.fields ?? [];
  }
}

/** The request never got an answer: DNS, refused connection, reset, CORS, offline. */
export class FetchError extends Error {
  override readonly name = "FetchError";
  readonly url: string;

  constructor(url: string, cause: unknown) {
    super(`Network request to ${url} failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.url = url;
  }
}

/** Contract §5: a call whose required parameter is missing is not sent. */
export class RequiredParameterError extends Error {
  override readonly name = "RequiredParameterError";
  readonly parameter: string;

  constructor(parameter: string) {
    super(`${parameter} is null or undefined`);
    this.parameter = parameter;
  }
}

/** Throws "<name> is null or undefined" when value is null or undefined; otherwise returns it, narrowed. */
export function requireParams<T>(name: string, value: T): NonNullable<T> {
  if (value === null || value === undefined) throw new RequiredParameterError(name);
  return value as NonNullable<T>;
}

/** Skips undefined and null; arrays become repeated keys (`?tag=a&tag=b`). */
export function serializeQuery(query: Query | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values as readonly (QueryPrimitive | null | undefined)[]) {
      if (item === undefined || item === null) continue;
      params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

function joinUrl(baseUrl: string, path: string, query: Query | undefined): string {
  const base = baseUrl.endsWith("/") ? baseUrl.slice(0, -1) : baseUrl;
  const rest = path.startsWith("/") ? path : `/${path}`;
  const relative = base + rest + serializeQuery(query);
  if (/^[a-z][a-z\d+.-]*:/i.test(relative)) return relative;
  // A Request needs an absolute URL; in the browser a path means "this origin".
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  if (!origin || origin === "null") {
    throw new TypeError(`baseUrl "${baseUrl}" is relative and there is no page origin to resolve it against`);
  }
  return origin + relative;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === "string" ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof Blob !== "undefined" && body instanceof Blob) ||
    (typeof FormData !== "undefined" && body instanceof FormData) ||
    (typeof URLSearchParams !== "undefined" && body instanceof URLSearchParams) ||
    (typeof ReadableStream !== "undefined" && body instanceof ReadableStream)
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return "BAD_REQUEST";
  if (status === 401) return "UNAUTHORIZED";
  if (status === 403) return "FORBIDDEN";
  if (status === 404) return "NOT_FOUND";
  if (status === 405) return "METHOD_NOT_ALLOWED";
  if (status === 409) return "CONFLICT";
  if (status === 413) return "PAYLOAD_TOO_LARGE";
  if (status === 415) return "UNSUPPORTED_MEDIA_TYPE";
  if (status === 422) return "VALIDATION_ERROR";
  if (status === 429) return "RATE_LIMITED";
  if (status === 503) return "SERVICE_UNAVAILABLE";
  if (status >= 500) return "INTERNAL_ERROR";
  return "BAD_REQUEST";
}

/** The envelope's error payload, or one built from the status when the body is not an envelope (a proxy's HTML page). */
function toApiError(body: unknown, response: Response): ApiError {
  const payload = isRecord(body) ? body.payload : undefined;
  if (isRecord(payload) && typeof payload.code === "string" && typeof payload.message === "string") {
    const fields = Array.isArray(payload.fields)
      ? payload.fields.filter(
          (f): f is FieldError => isRecord(f) && typeof f.field === "string" && typeof f.message === "string",
        )
      : undefined;
    return { code: payload.code as ErrorCode, message: payload.message, ...(fields ? { fields } : {}) };
  }
  return {
    code: codeForStatus(response.status),
    message: response.statusText || `Request failed with status ${response.status}`,
  };
}

function requestIdOf(body: unknown, response: Response): string | undefined {
  const metadata = isRecord(body) ? body.metadata : undefined;
  if (isRecord(metadata) && typeof metadata.request_id === "string") return metadata.request_id;
  return response.headers.get("x-request-id") ?? undefined;
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === "AbortError";
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch: FetchLike = options.fetch ?? ((request) => globalThis.fetch(request));

  async function readBody(url: string, response: Response): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      if (isAbort(error)) throw error;
      throw new FetchError(url, error);
    }
    if (text === "") return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  async function request<TPayload, TMetadata extends object>(
    method: HttpMethod,
    path: string,
    init: RequestOptions<TPayload> = {},
  ): Promise<ApiResult<TPayload, TMetadata>> {
    const url = joinUrl(options.baseUrl, path, init.query);
    const headers = new Headers({ accept: "application/json" });
    const defaults = typeof options.headers === "function" ? options.headers() : options.headers;
    new Headers(defaults).forEach((value, key) => headers.set(key, value));
    const token = await options.getAccessToken?.();
    if (token) headers.set("authorization", `Bearer ${token}`);

    let body: BodyInit | undefined;
    if (init.body !== undefined) {
      if (isRawBody(init.body)) {
        body = init.body;
      } else {
        body = JSON.stringify(init.body);
        headers.set("content-type", "application/json");
      }
    }
    // The caller's headers win: the refresh call sends its own Authorization.
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));

    let response: Response;
    try {
      const request = new Request(url, { method, headers, body, signal: init.signal, credentials: init.credentials });
      response = await doFetch(request);
    } catch (error) {
      // A cancelled query is not a network failure: keep the AbortError so callers recognise it.
      if (isAbort(error)) throw error;
      throw new FetchError(url, error);
    }

    const parsed = await readBody(url, response);

    if (!response.ok) {
      const payload = toApiError(parsed, response);
      const requestId = requestIdOf(parsed, response);
      let handled = false;
      if (response.status === 401 || response.status === 403) {
        options.onUnauthorized?.(response);
        handled = options.onUnauthorized !== undefined;
      } else if (response.status >= 500) {
        if (options.onServerError) options.onServerError(SERVER_ERROR_MESSAGE, response);
        else console.error(SERVER_ERROR_MESSAGE, { status: response.status, url, requestId });
        handled = true;
      }
      throw new ResponseError({ response, payload, requestId, handled });
    }

    if (response.status === 204 || parsed === undefined) {
      const metadata = { request_id: response.headers.get("x-request-id") ?? "" } as Metadata & TMetadata;
      return { payload: undefined as TPayload, metadata };
    }
    if (!isRecord(parsed) || !("payload" in parsed) || !isRecord(parsed.metadata)) {
      throw new ResponseError({
        response,
        payload: { code: "INTERNAL_ERROR", message: "The server answered without a response envelope" },
        requestId: response.headers.get("x-request-id") ?? undefined,
      });
    }
    const metadata = parsed.metadata as Metadata & TMetadata;
    if (!init.schema) return { payload: parsed.payload as TPayload, metadata };
    try {
      return { payload: init.schema.parse(parsed.payload), metadata };
    } catch (error) {
      throw new ResponseError({
        response,
        payload: {
          code: "INTERNAL_ERROR",
          message: `The response payload does not match the contract: ${error instanceof Error ? error.message : String(error)}`,
        },
        requestId: metadata.request_id,
      });
    }
  }

  const bind =
    (method: HttpMethod): Call =>
    (path, init) =>
      request(method, path, init);

  return {
    request,
    get: bind("GET"),
    post: bind("POST"),
    put: bind("PUT"),
    patch: bind("PATCH"),
    delete: bind("DELETE"),
  };
}
