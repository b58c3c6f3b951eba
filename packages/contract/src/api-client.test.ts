import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createApiClient,
  FetchError,
  requireParams,
  RequiredParameterError,
  ResponseError,
  SERVER_ERROR_MESSAGE,
  serializeQuery,
  type ApiClientOptions,
} from "./api-client.ts";

type Seen = { url: string; method: string; headers: Headers; body: string; request: Request };

/** A fetch that records each Request it was given and answers with the given Response (or throws). */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: Seen[] = [];
  const fetch = vi.fn(async (request: Request) => {
    calls.push({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: await request.clone().text(),
      request,
    });
    return answer();
  });
  return { fetch, calls };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const ok = (payload: unknown, metadata: Record<string, unknown> = {}) =>
  json(200, { status: "ok", payload, metadata: { request_id: "req-1", ...metadata } });

const client = (fetch: ApiClientOptions["fetch"], extra: Partial<ApiClientOptions> = {}) =>
  createApiClient({ baseUrl: "http://api.test/api/v1", fetch, ...extra });

afterEach(() => vi.restoreAllMocks());

describe("createApiClient: success", () => {
  it("unwraps the envelope into payload and metadata", async () => {
    const { fetch, calls } = fakeFetch(() => ok([{ code: "mt" }], { page: 2, per_page: 50, total: 51 }));
    const result = await client(fetch).get<{ code: string }[], { page: number; per_page: number; total: number }>(
      "/workspace/countries",
    );
    expect(result.payload).toEqual([{ code: "mt" }]);
    expect(result.metadata).toEqual({ request_id: "req-1", page: 2, per_page: 50, total: 51 });
    expect(calls[0]?.url).toBe("http://api.test/api/v1/workspace/countries");
    expect(calls[0]?.method).toBe("GET");
  });

  it("joins base and path with exactly one slash", async () => {
    const { fetch, calls } = fakeFetch(() => ok(null));
    await createApiClient({ baseUrl: "http://api.test/api/v1/", fetch }).get("profile");
    await createApiClient({ baseUrl: "http://api.test/api/v1", fetch }).get("/profile");
    expect(calls.map((c) => c.url)).toEqual(["http://api.test/api/v1/profile", "http://api.test/api/v1/profile"]);
  });

  it("resolves a path baseUrl against the page origin, and refuses one without a page", async () => {
    const { fetch, calls } = fakeFetch(() => ok(null));
    await expect(createApiClient({ baseUrl: "/api/v1", fetch }).get("/profile")).rejects.toThrow(/relative/);
    vi.stubGlobal("location", { origin: "https://casino.test" });
    try {
      await createApiClient({ baseUrl: "/api/v1", fetch }).get("/profile");
    } finally {
      vi.unstubAllGlobals();
    }
    expect(calls.map((c) => c.url)).toEqual(["https://casino.test/api/v1/profile"]);
  });

  it("sends a JSON body with its content type, using each verb", async () => {
    const { fetch, calls } = fakeFetch(() => ok({ done: true }));
    const api = client(fetch);
    await api.post("/session/create", { body: { fingerprint: "abc" } });
    await api.put("/profile", { body: { first_name: "Ada" } });
    await api.patch("/payments/p1", { body: { status: "cancelled" } });
    await api.delete("/cards/c1");
    expect(calls.map((c) => c.method)).toEqual(["POST", "PUT", "PATCH", "DELETE"]);
    expect(calls[0]?.body).toBe('{"fingerprint":"abc"}');
    expect(calls[0]?.headers.get("content-type")).toBe("application/json");
    expect(calls[3]?.body).toBe("");
    expect(calls[3]?.headers.has("content-type")).toBe(false);
  });

  it("sends FormData as multipart, not as JSON", async () => {
    const { fetch, calls } = fakeFetch(() => ok(null));
    const form = new FormData();
    form.set("document_type", "passport");
    await client(fetch).post("/documents", { body: form });
    expect(calls[0]?.headers.get("content-type")).toMatch(/^multipart\/form-data; boundary=/);
    expect(calls[0]?.body).toContain('name="document_type"');
    expect(calls[0]?.body).toContain("passport");
  });

  it("adds a bearer token when one exists, and none when it does not", async () => {
    const { fetch, calls } = fakeFetch(() => ok(null));
    let token: string | null = "tok-123";
    const api = client(fetch, { getAccessToken: async () => token });
    await api.get("/profile");
    token = null;
    await api.get("/profile");
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer tok-123");
    expect(calls[1]?.headers.has("authorization")).toBe(false);
  });

  it("sends default headers, and lets the caller's headers override everything", async () => {
    const { fetch, calls } = fakeFetch(() => ok(null));
    await client(fetch, {
      getAccessToken: () => "access",
      headers: () => ({ "x-forwarded-for": "203.0.113.9", "accept-language": "en" }),
    }).post("/session/update", {
      body: {},
      headers: { authorization: "Bearer refresh", "accept-language": "en-GB" },
      credentials: "include",
    });
    expect(calls[0]?.headers.get("authorization")).toBe("Bearer refresh");
    expect(calls[0]?.headers.get("x-forwarded-for")).toBe("203.0.113.9");
    expect(calls[0]?.headers.get("accept-language")).toBe("en-GB");
    expect(calls[0]?.request.credentials).toBe("include");
  });

  it("passes the abort signal through", async () => {
    const { fetch, calls } = fakeFetch(() => ok(null));
    const controller = new AbortController();
    await client(fetch).get("/x", { signal: controller.signal });
    expect(calls[0]?.request.signal.aborted).toBe(false);
    controller.abort();
    expect(calls[0]?.request.signal.aborted).toBe(true);
  });

  it("validates the payload with a schema when given one", async () => {
    const { fetch } = fakeFetch(() => ok({ balance: 10 }));
    const schema = {
      parse: (data: unknown) => {
        const value = (data as { balance: unknown }).balance;
        if (typeof value !== "string") throw new Error("balance must be a decimal string");
        return { balance: value };
      },
    };
    const error = await client(fetch)
      .get("/wallet", { schema })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).code).toBe("INTERNAL_ERROR");
    expect((error as ResponseError).message).toContain("balance must be a decimal string");
  });

  it("treats 204 as an empty payload", async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204, headers: { "x-request-id": "r204" } }));
    const result = await client(fetch).delete("/cards/c1");
    expect(result.payload).toBeUndefined();
    expect(result.metadata.request_id).toBe("r204");
  });

  it("rejects a 2xx body that is not an envelope", async () => {
    const { fetch } = fakeFetch(() => new Response("<html>captive portal</html>", { status: 200 }));
    await expect(client(fetch).get("/x")).rejects.toMatchObject({ name: "ResponseError", status: 200 });
  });
});

describe("createApiClient: query", () => {
  it("skips undefined and null and repeats array keys", async () => {
    const { fetch, calls } = fakeFetch(() => ok([]));
    await client(fetch).get("/catalog/games", {
      query: { page: 1, per_page: 50, can_mobile: true, provider_guid: undefined, tag_guid: ["a", "b"], q: null },
    });
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe("/api/v1/catalog/games");
    expect([...url.searchParams]).toEqual([
      ["page", "1"],
      ["per_page", "50"],
      ["can_mobile", "true"],
      ["tag_guid", "a"],
      ["tag_guid", "b"],
    ]);
  });

  it("encodes reserved characters and drops an empty query", () => {
    expect(serializeQuery({ game_name: "Book & Dead?", x: undefined })).toBe("?game_name=Book+%26+Dead%3F");
    expect(serializeQuery({ x: undefined, y: [] })).toBe("");
    expect(serializeQuery(undefined)).toBe("");
  });
});

describe("createApiClient: errors", () => {
  const errorBody = (code: string, message: string, fields?: unknown) => ({
    status: "error",
    payload: { code, message, ...(fields ? { fields } : {}) },
    metadata: { request_id: "req-err" },
  });

  it.each([401, 403])("calls onUnauthorized on %i and rejects with a handled ResponseError", async (status) => {
    const { fetch } = fakeFetch(() => json(status, errorBody(status === 401 ? "UNAUTHORIZED" : "FORBIDDEN", "no")));
    const onUnauthorized = vi.fn();
    const onServerError = vi.fn();
    const error = await client(fetch, { onUnauthorized, onServerError })
      .get("/profile")
      .catch((e: unknown) => e);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(Response);
    expect(onServerError).not.toHaveBeenCalled();
    expect(error).toBeInstanceOf(ResponseError);
    expect((error as ResponseError).status).toBe(status);
    expect((error as ResponseError).handled).toBe(true);
  });

  it.each([500, 502, 503])("calls onServerError with the contract message on %i", async (status) => {
    const { fetch } = fakeFetch(() => json(status, errorBody("INTERNAL_ERROR", "boom")));
    const onServerError = vi.fn();
    const onUnauthorized = vi.fn();
    const error = await client(fetch, { onServerError, onUnauthorized })
      .get("/profile")
      .catch((e: unknown) => e);
    expect(onServerError).toHaveBeenCalledWith(SERVER_ERROR_MESSAGE, expect.any(Response));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect((error as ResponseError).status).toBe(status);
    expect((error as ResponseError).handled).toBe(true);
  });

  it("writes the server-error message to the console when no handler is given", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
    const { fetch } = fakeFetch(() => new Response("Bad Gateway", { status: 502, statusText: "Bad Gateway" }));
    const error = await client(fetch)
      .get("/profile")
      .catch((e: unknown) => e);
    expect(consoleError).toHaveBeenCalledWith(SERVER_ERROR_MESSAGE, expect.objectContaining({ status: 502 }));
    // A non-envelope body still yields a typed payload.
    expect((error as ResponseError).payload).toEqual({ code: "INTERNAL_ERROR", message: "Bad Gateway" });
  });

  it("throws a ResponseError carrying status, code, message, fields and the Response on other 4xx", async () => {
    const fields = [{ field: "body.email", message: "Invalid email" }];
    const answer = json(422, errorBody("VALIDATION_ERROR", "Check the form", fields), { "x-request-id": "hdr" });
    const { fetch } = fakeFetch(() => answer);
    const onUnauthorized = vi.fn();
    const onServerError = vi.fn();
    const error = await client(fetch, { onUnauthorized, onServerError })
      .post("/signup", { body: { email: "nope" } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseError);
    const e = error as ResponseError;
    expect(e.status).toBe(422);
    expect(e.code).toBe("VALIDATION_ERROR");
    expect(e.message).toBe("Check the form");
    expect(e.payload).toEqual({ code: "VALIDATION_ERROR", message: "Check the form", fields });
    expect(e.fields).toEqual(fields);
    expect(e.response).toBe(answer);
    expect(e.requestId).toBe("req-err");
    expect(e.handled).toBe(false);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onServerError).not.toHaveBeenCalled();
  });

  it("synthesizes the error payload from the status when the body is not an envelope", async () => {
    const { fetch } = fakeFetch(() => new Response("", { status: 404, statusText: "Not Found" }));
    const error = (await client(fetch)
      .get("/nothing")
      .catch((e: unknown) => e)) as ResponseError;
    expect(error.payload).toEqual({ code: "NOT_FOUND", message: "Not Found" });
    expect(error.fields).toEqual([]);
  });

  it("wraps network failures in FetchError with the cause", async () => {
    const cause = new TypeError("fetch failed");
    const { fetch } = fakeFetch(() => {
      throw cause;
    });
    const onServerError = vi.fn();
    const error = await client(fetch, { onServerError })
      .get("/profile", { query: { a: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).cause).toBe(cause);
    expect((error as FetchError).url).toBe("http://api.test/api/v1/profile?a=1");
    expect(onServerError).not.toHaveBeenCalled();
  });

  it("keeps an AbortError as it is", async () => {
    const { fetch } = fakeFetch(() => {
      throw new DOMException("The operation was aborted.", "AbortError");
    });
    const error = await client(fetch)
      .get("/profile")
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(FetchError);
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("requireParams", () => {
  it("returns a present value, including falsy ones", () => {
    expect(requireParams("guid", "w-1")).toBe("w-1");
    expect(requireParams("amount", 0)).toBe(0);
    expect(requireParams("flag", false)).toBe(false);
    expect(requireParams("name", "")).toBe("");
  });

  it.each([null, undefined])("throws '<name> is null or undefined' for %s", (value) => {
    expect(() => requireParams("wallet_guid", value)).toThrow(new RequiredParameterError("wallet_guid"));
    expect(() => requireParams("wallet_guid", value)).toThrow("wallet_guid is null or undefined");
  });

  it("stops the call before anything is sent", async () => {
    const { fetch, calls } = fakeFetch(() => ok(null));
    const api = client(fetch);
    const activateWallet = async (walletGuid: string | undefined) =>
      api.post(`/wallets/${requireParams("wallet_guid", walletGuid)}/activate`);
    await expect(activateWallet(undefined)).rejects.toThrow("wallet_guid is null or undefined");
    expect(calls).toHaveLength(0);
  });
});
