import { ResponseError } from "@croupier/contract/api-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createStaffApi, errorMessageOf, fieldErrorsOf, FORBIDDEN_MESSAGE } from "./staff-api";
import { endStaffSession, sessionNotice, SESSION_ENDED_NOTICE, staffToken, startStaffSession, subscribeStaffSession } from "./staff-session";

const envelope = (status: number, payload: unknown) =>
  new Response(JSON.stringify({ status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "r-1" } }), {
    status,
    headers: { "content-type": "application/json" },
  });

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe("staff API client", () => {
  it("sends the bearer token to /api/backoffice/v1 and unwraps the envelope", async () => {
    startStaffSession("tok-123");
    const seen: Request[] = [];
    const api = createStaffApi({
      getToken: staffToken,
      fetch: async (request) => {
        seen.push(request);
        return envelope(200, { id: "s-1", role: "support" });
      },
    });
    const { payload, metadata } = await api.get<{ id: string }>("/me");
    expect(payload).toEqual({ id: "s-1", role: "support" });
    expect(metadata.request_id).toBe("r-1");
    expect(new URL(seen[0]!.url).pathname).toBe("/api/backoffice/v1/me");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer tok-123");
  });

  it("sends no Authorization header without a token", async () => {
    let auth: string | null = "unset";
    const api = createStaffApi({ getToken: staffToken, fetch: async (request) => ((auth = request.headers.get("authorization")), envelope(200, {})) });
    await api.post("/auth/login", { body: { email: "a@b.c", password: "x" } });
    expect(auth).toBeNull();
  });

  it("401 ends the session and leaves the notice for the sign-in page; 403 does not", async () => {
    startStaffSession("tok-123");
    const onSessionEnded = vi.fn(() => endStaffSession(SESSION_ENDED_NOTICE));
    const onForbidden = vi.fn();
    const changes = vi.fn();
    const unsubscribe = subscribeStaffSession(changes);
    const api = createStaffApi({
      getToken: staffToken,
      onSessionEnded,
      onForbidden,
      fetch: async (request) =>
        request.url.endsWith("/staff")
          ? envelope(403, { code: "FORBIDDEN", message: "Not allowed." })
          : envelope(401, { code: "UNAUTHORIZED", message: "Session ended." }),
    });

    const forbidden = await api.get("/staff").catch((error: unknown) => error);
    expect(forbidden).toBeInstanceOf(ResponseError);
    expect((forbidden as ResponseError).handled).toBe(true);
    expect(onForbidden).toHaveBeenCalledTimes(1);
    expect(staffToken()).toBe("tok-123");
    expect(errorMessageOf(forbidden)).toBe(FORBIDDEN_MESSAGE);

    await expect(api.get("/me")).rejects.toMatchObject({ status: 401, code: "UNAUTHORIZED" });
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
    expect(staffToken()).toBeNull();
    expect(sessionNotice()).toBe(SESSION_ENDED_NOTICE);
    expect(changes).toHaveBeenCalled();
    unsubscribe();

    startStaffSession("tok-456");
    expect(sessionNotice()).toBeNull();
  });

  it("5xx calls the server-error hook", async () => {
    const onServerError = vi.fn();
    const api = createStaffApi({ onServerError, fetch: async () => envelope(500, { code: "INTERNAL_ERROR", message: "boom" }) });
    await expect(api.get("/me")).rejects.toMatchObject({ status: 500, handled: true });
    expect(onServerError).toHaveBeenCalledTimes(1);
  });

  it("gives forms their field errors keyed without the source", async () => {
    const api = createStaffApi({
      fetch: async () =>
        envelope(400, {
          code: "VALIDATION_ERROR",
          message: "Check the highlighted fields.",
          fields: [
            { field: "body.email", message: "Enter an email address." },
            { field: "body.email", message: "second message for the same field" },
            { field: "query.limit", message: "At most 100." },
          ],
        }),
    });
    const error = await api.post("/staff", { body: {} }).catch((caught: unknown) => caught);
    expect(fieldErrorsOf(error)).toEqual({ email: "Enter an email address.", limit: "At most 100." });
    expect(errorMessageOf(error)).toBe("Check the highlighted fields.");
    expect(fieldErrorsOf(new Error("not an API error"))).toEqual({});
  });

  it("rejects a payload that does not match the schema", async () => {
    const api = createStaffApi({ fetch: async () => envelope(200, { id: 5 }) });
    const schema = { parse: (data: unknown) => {
      if (typeof (data as { id?: unknown }).id !== "string") throw new Error("id must be a string");
      return data as { id: string };
    } };
    await expect(api.get("/me", { schema })).rejects.toMatchObject({ code: "INTERNAL_ERROR" });
  });
});
