import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { externalServicesConfig } from "@croupier/contract/entities/external-services-config";
import { loadEnv } from "../../src/env.ts";
import { externalServiceOrigins } from "../../src/modules/external-services/external-service-origins.ts";
import { resolveExternalServices } from "../../src/modules/external-services/resolve-external-services.ts";
import type { App } from "../../src/app.ts";
import { contentSecurityPolicy } from "../../src/plugins/web-app.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { serveWebBuild, writeFakeWebBuild } from "./fake-web-build.ts";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `)) ?? "";
const env = (overrides: Record<string, string> = {}) => loadEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...overrides });

describe("resolveExternalServices (issue #19, ADR 027)", () => {
  it("is empty when nothing is configured", () => {
    expect(resolveExternalServices({}, env())).toEqual({});
  });

  it("takes the project's settings first, the environment as fallback, and vendor script addresses", () => {
    const services = resolveExternalServices(
      { ga: { id: "G-PROJECT" }, livechat: { user_id: "123" } },
      env({ GA_MEASUREMENT_ID: "G-ENV", HOTJAR_SITE_ID: "777", TRACKING_PIXEL_ID: "999", ENGAGEMENT_WRITE_KEY: "wk" }),
    );
    expect(services).toEqual({
      ga: { id: "G-PROJECT", script_url: "https://www.googletagmanager.com/gtag/js?id=G-PROJECT" },
      hotjar: { id: "777", script_url: "https://static.hotjar.com/c/hotjar-777.js?sv=6" },
      livechat: { user_id: "123", script_url: "https://cdn.livechatinc.com/tracking.js" },
      engagement: { key: "wk", script_url: "https://cdp.customer.io/v1/analytics-js/snippet/wk/analytics.min.js" },
      pixel: { id: "999", script_url: "https://connect.facebook.net/en_US/fbevents.js" },
    });
    expect(externalServicesConfig.parse(services)).toEqual(services);
  });

  it("points every script at the test stand-in when EXTERNAL_SERVICES_BASE_URL is set, and production refuses it", () => {
    const services = resolveExternalServices({ hotjar: { id: "5" } }, env({ EXTERNAL_SERVICES_BASE_URL: "http://127.0.0.1:4999/vendor" }));
    expect(services).toEqual({ hotjar: { id: "5", script_url: "http://127.0.0.1:4999/vendor/hotjar.js?id=5" } });
    expect(() => loadEnv({ NODE_ENV: "production", EXTERNAL_SERVICES_BASE_URL: "http://127.0.0.1:4999" })).toThrow(/EXTERNAL_SERVICES_BASE_URL/);
  });
});

describe("the page CSP from the configured services", () => {
  it("adds nothing when no service is configured", () => {
    const plain = contentSecurityPolicy("n", { captcha: false, websocketOrigin: "wss://casino.example" });
    const withNone = contentSecurityPolicy("n", {
      captcha: false,
      websocketOrigin: "wss://casino.example",
      external: externalServiceOrigins({}),
    });
    expect(withNone).toBe(plain);
  });

  it("allows exactly the configured services' hosts, never a wildcard", () => {
    const services = resolveExternalServices({ ga: { id: "G-1" } }, env());
    const policy = contentSecurityPolicy("n", { captcha: false, websocketOrigin: "wss://casino.example", external: externalServiceOrigins(services) });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n' https://www.googletagmanager.com");
    expect(directive(policy, "connect-src")).toContain("https://www.google-analytics.com");
    // Not configured: not allowed.
    expect(policy).not.toContain("hotjar");
    expect(policy).not.toContain("facebook");
    expect(policy).not.toContain("livechatinc");
    expect(policy).not.toContain("*");
    for (const part of policy.split("; ")) for (const source of part.split(" ").slice(1)) expect(["https:", "http:", "wss:", "ws:"]).not.toContain(source);
  });

  it("with the stand-in, allows only its origin", () => {
    const services = resolveExternalServices({ ga: { id: "G-1" } }, env({ TRACKING_PIXEL_ID: "1" }));
    const origins = externalServiceOrigins(services, "http://127.0.0.1:4999/vendor/");
    expect(origins).toEqual({
      script: ["http://127.0.0.1:4999"],
      connect: ["http://127.0.0.1:4999"],
      img: ["http://127.0.0.1:4999"],
      frame: ["http://127.0.0.1:4999"],
      style: [],
    });
  });
});

// A minimal web build whose render answers one HTML page: the policy header is the server's.
let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
let ctx: TestContext;
// An app serving that build, with Hotjar and the pixel configured.
let site: App;

beforeAll(async () => {
  build = await writeFakeWebBuild(
    [
      "const handler = async () => new Response('<!doctype html><title>t</title>', { headers: { 'content-type': 'text/html' } });",
      "export const entry = { module: { createRequestHandler: () => handler } };",
      "export const routes = {}; export const assets = {};",
    ].join("\n"),
  );
  ctx = await buildTestApp();
  site = await serveWebBuild(ctx, { buildDir: build.dir }, { HOTJAR_SITE_ID: "321", TRACKING_PIXEL_ID: "654" });
});

afterAll(async () => {
  await site?.close();
  await ctx?.close();
  await build?.remove();
});

describe("server-rendered pages and GET /workspace/external-services", () => {
  it("the page's policy names the configured services' hosts (from the settings at hand), nothing more", async () => {
    const response = await site.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    const policy = String(response.headers["content-security-policy"]);
    expect(directive(policy, "script-src")).toMatch(/^script-src 'self' 'nonce-[^']+' https:\/\/static\.hotjar\.com https:\/\/script\.hotjar\.com https:\/\/connect\.facebook\.net$/);
    expect(policy).not.toContain("googletagmanager");
    expect(policy).not.toContain("livechatinc");
  });

  it("answers the resolved services for the web app", async () => {
    const response = await site.inject({ method: "GET", url: "/api/v1/workspace/external-services" });
    expect(response.statusCode).toBe(200);
    expect(response.json().payload).toEqual({
      hotjar: { id: "321", script_url: "https://static.hotjar.com/c/hotjar-321.js?sv=6" },
      pixel: { id: "654", script_url: "https://connect.facebook.net/en_US/fbevents.js" },
    });
  });
});
