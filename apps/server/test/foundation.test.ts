import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { helmetHeaders } from "../src/plugins/security-headers.ts";
import { buildTestApp, type TestContext } from "./helpers/build-test-app.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe("foundation", () => {
  it("answers an unknown /api path with a 404 envelope carrying the request id", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/no-such-thing" });
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body).toMatchObject({ status: "error", payload: { code: "NOT_FOUND" } });
    expect(body.metadata.request_id).toBe(res.headers["x-request-id"]);
  });

  it("keeps a well-formed upstream request id and replaces a malformed one", async () => {
    const kept = await ctx.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "lb-12345678" } });
    expect(kept.headers["x-request-id"]).toBe("lb-12345678");
    const replaced = await ctx.app.inject({ method: "GET", url: "/healthz", headers: { "x-request-id": "<bad>" } });
    expect(replaced.headers["x-request-id"]).not.toBe("<bad>");
  });

  it("reports health, readiness and metrics", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    expect((await ctx.app.inject({ method: "GET", url: "/readyz" })).json()).toEqual({ status: "ok" });
    const metrics = await ctx.app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.body).toContain("http_request_duration_seconds");
  });

  it("names the offending field on invalid input", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/feature-status?feature=nope" });
    expect(res.statusCode).toBe(400);
    expect(res.json().payload).toMatchObject({ code: "VALIDATION_ERROR", fields: [{ field: "query.feature" }] });
  });

  it("reads feature flags from configuration", async () => {
    const on = await ctx.app.inject({ method: "GET", url: "/api/feature-status?feature=bonus-hub" });
    expect(on.json()).toMatchObject({ status: "ok", payload: true });
    const off = await ctx.app.inject({ method: "GET", url: "/api/feature-status?feature=sms-auth&userId=u1" });
    expect(off.json()).toMatchObject({ status: "ok", payload: false });
  });

  it("sends helmet's security headers on every answer, computed once", async () => {
    for (const url of ["/healthz", "/api/v1/no-such-thing"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["content-security-policy"]).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers["x-frame-options"]).toBe("SAMEORIGIN");
      expect(res.headers["referrer-policy"]).toBe("no-referrer");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(res.headers["cross-origin-resource-policy"]).toBe("same-origin");
      // Development and test run on plain HTTP: no HSTS there (production sends it).
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
    const production = helmetHeaders({ strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true } });
    expect(production["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
  });

  it("pins the token cookie and cache rules: HttpOnly __Host- refresh cookie, no-store on token and personal answers (issue #13, items 7 and 8)", async () => {
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/session/create",
      headers: { "sec-fetch-mode": "cors", host: "localhost:3000" },
    });
    expect(created.statusCode).toBe(200);
    expect(created.headers["cache-control"]).toBe("no-store");
    const setCookie = String(created.headers["set-cookie"]);
    expect(setCookie).toMatch(/^__Host-refresh_token=[\w.-]+; Max-Age=\d+; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
    // A browser's body never carries the refresh token (the contract's field stays, empty).
    expect(created.json().payload.refresh_token).toBe("");
    // A logged-in player's API answers and SSR pages are no-store too: identity/token-transport.test.ts, e2e/identity.e2e.ts.
  });

  it("serves the OpenAPI document", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty("/api/feature-status");
  });
});

describe("CORS", () => {
  it("sends no CORS headers by default (same origin only)", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/healthz", headers: { origin: "https://elsewhere.example" } });
    expect(res.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("allows exactly the configured origins", async () => {
    const other = await buildTestApp({ CORS_ORIGINS: "https://www.casino.example" });
    try {
      const allowed = await other.app.inject({
        method: "OPTIONS",
        url: "/api/v1/dictionary/currencies",
        headers: { origin: "https://www.casino.example", "access-control-request-method": "GET" },
      });
      expect(allowed.headers["access-control-allow-origin"]).toBe("https://www.casino.example");
      const refused = await other.app.inject({
        method: "GET",
        url: "/healthz",
        headers: { origin: "https://evil.example" },
      });
      expect(refused.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await other.close();
    }
  });

  it("rejects a malformed CORS_ORIGINS at boot, naming it", async () => {
    const { loadEnv } = await import("../src/env.ts");
    expect(() => loadEnv({ CORS_ORIGINS: "https://ok.example/path" })).toThrow(/CORS_ORIGINS/);
  });
});
