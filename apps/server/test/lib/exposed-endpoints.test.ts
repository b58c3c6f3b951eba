import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env.ts";
import { startMetricsListener } from "../../src/lib/metrics-listener.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";

// Operators' endpoints (issue #13 item 13): /metrics shows route timings and process internals, and the
// API reference maps every route; in production neither is public unless the operator says so.
const PROD = { NODE_ENV: "production", JWT_SECRET: "p".repeat(40), PROVIDER_HOUSE_SECRET: "h".repeat(20), STAFF_SECRET_KEY: "s".repeat(40), DOCUMENTS_KEY: "d".repeat(64) };
const TOKEN = "m".repeat(40);

const contexts: TestContext[] = [];
async function app(overrides: Record<string, string>) {
  const ctx = await buildTestApp(overrides);
  contexts.push(ctx);
  return ctx.app;
}
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

// Each app is a fresh database: four cover every case (development's open /metrics and docs are in
// foundation.test.ts).
let production: TestContext["app"];
let tokened: TestContext["app"];
let ownListener: TestContext["app"];
let docsOff: TestContext["app"];
beforeAll(async () => {
  production = await app(PROD);
  tokened = await app({ ...PROD, METRICS_TOKEN: TOKEN, API_DOCS: "true" });
  ownListener = await app({ ...PROD, METRICS_PORT: "9464", METRICS_TOKEN: TOKEN });
  docsOff = await app({ API_DOCS: "false" });
}, 180_000);

describe("/metrics", () => {
  it("is not served in production until the operator picks a token or a listener", async () => {
    expect((await production.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(404);
  });

  it("with METRICS_TOKEN answers only the bearer of that token", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`]) {
      const res = await tokened.inject({ method: "GET", url: "/metrics", headers: authorization ? { authorization } : {} });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.headers["www-authenticate"]).toContain("Bearer");
      expect(res.json().payload.code).toBe("UNAUTHORIZED");
      expect(res.body).not.toContain("http_request_duration_seconds");
    }
    const ok = await tokened.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain("http_request_duration_seconds");
  });

  it("with METRICS_PORT leaves the main listener and answers on its own one", async () => {
    const main = await ownListener.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(main.statusCode).toBe(404);
    const listener = await startMetricsListener({ host: "127.0.0.1", port: 0, token: TOKEN, metrics: ownListener.metrics });
    try {
      const base = `http://127.0.0.1:${listener.port}`;
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const ok = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("content-type")).toContain("text/plain");
      expect(await ok.text()).toContain("process_cpu_seconds_total");
      expect((await fetch(`${base}/healthz`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
      expect((await fetch(`${base}/api/v1/dictionary/countries`)).status).toBe(404);
    } finally {
      await listener.close();
    }
  });

  it("refuses a metrics port equal to the main port and a short token", () => {
    expect(() => loadEnv({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
    expect(() => loadEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
  });
});

describe("API reference", () => {
  it("is off in production unless API_DOCS turns it on; API_DOCS=false closes it elsewhere", async () => {
    for (const url of ["/api/docs", "/api/docs/json", "/api/docs/static/index.html"]) {
      const res = await production.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain("openapi");
    }
    expect((await tokened.inject({ method: "GET", url: "/api/docs/json" })).json().openapi).toMatch(/^3\./);
    expect((await docsOff.inject({ method: "GET", url: "/api/docs/json" })).statusCode).toBe(404);
  });
});
