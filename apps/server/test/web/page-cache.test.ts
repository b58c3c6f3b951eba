import { createHash } from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { App } from "../../src/app.ts";
import { createPageCache, type CachedPage } from "../../src/modules/page-cache/create-page-cache.ts";
import { hashInlineScripts } from "../../src/modules/page-cache/hash-inline-scripts.ts";
import { etagMatches } from "../../src/plugins/web-app.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { serveWebBuild, writeFakeWebBuild } from "./fake-web-build.ts";

// Issue #20 target 4, ADR 044: the anonymous pages' HTML cache in front of the React Router render.

const SCRIPT = "window.__page = 1;";
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

describe("hashInlineScripts", () => {
  it("hashes each inline script's source text once, and no script loaded by src", () => {
    const html =
      `<script nonce="x">${SCRIPT}</script><script type="module" src="/a.js"></script>` +
      `<script type="module">import "/b.js";</script><SCRIPT>${SCRIPT}</SCRIPT ><script></script>`;
    expect(hashInlineScripts(html)).toEqual([sha256(SCRIPT), sha256('import "/b.js";'), sha256("")]);
  });
});

describe("etagMatches", () => {
  it("compares weakly, takes lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});

describe("createPageCache", () => {
  const page = (bytes: number, stored_at_ms = 0): CachedPage => ({
    body: Buffer.alloc(bytes),
    br: Buffer.alloc(0),
    gzip: Buffer.alloc(0),
    etag: 'W/"e"',
    script_hashes: [],
    headers: [],
    status: 200,
    stored_at_ms,
  });

  it("evicts the least recently used beyond its entries and bytes, and expires by TTL", () => {
    const cache = createPageCache({ max_entries: 2, max_bytes: 100, ttl_ms: 1_000 });
    cache.set("a", page(10));
    cache.set("b", page(10));
    expect(cache.get("a", 10)).toBeDefined();
    cache.set("c", page(10));
    expect(cache.get("b", 10)).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 2, bytes: 20 });
    // 110 bytes would exceed 100: the least recently used ("a") goes.
    cache.set("d", page(90));
    expect(cache.get("a", 10)).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 2, bytes: 100 });
    cache.set("huge", page(101));
    expect(cache.get("huge", 10)).toBeUndefined();
    expect(cache.get("d", 999)).toBeDefined();
    expect(cache.get("d", 1_000)).toBeUndefined();
    expect(cache.size()).toEqual({ entries: 1, bytes: 10 });
  });
});

/**
 * A web build whose render is observable: it counts renders per path, writes the nonce it was given
 * onto its inline script, sets the cookies every page sets (pageSetCookies) and answers per path:
 * "/" a page, "/missing" 404, "/private" cache-control private, "/login" an extra cookie.
 */
const BUILD = `
const renders = (globalThis.__pageCacheRenders = globalThis.__pageCacheRenders ?? {});
const pageSetCookies = (url, cookie) => ((cookie ?? "").includes("locale=en") ? [] : ["locale=en; Path=/"]);
const pageVariant = (ua) => (/Mobi/.test(ua ?? "") ? "mobile" : "desktop");
const handler = async (request, context) => {
  const url = new URL(request.url);
  renders[url.pathname] = (renders[url.pathname] ?? 0) + 1;
  const nonce = context.nonce ? \` nonce="\${context.nonce}"\` : "";
  const variant = pageVariant(request.headers.get("user-agent"));
  // The render's time is in the page, as TanStack's dehydratedAt is.
  const body = \`<!doctype html><title>\${url.pathname}</title><p>\${variant} \${"x".repeat(2000)}</p><script\${nonce}>${SCRIPT}</script><!-- \${Date.now()} -->\`;
  const headers = new Headers({ "content-type": "text/html; charset=utf-8" });
  for (const cookie of pageSetCookies(url, request.headers.get("cookie"))) headers.append("set-cookie", cookie);
  if (url.pathname === "/private") headers.set("cache-control", "private");
  if (url.pathname === "/login") headers.append("set-cookie", "session=1; Path=/");
  await new Promise((resolve) => setTimeout(resolve, 20));
  return new Response(body, { status: url.pathname === "/missing" ? 404 : 200, headers });
};
export const entry = { module: { createRequestHandler: () => handler, createLoadContext: (deps) => deps, pageSetCookies, pageVariant } };
export const routes = {}; export const assets = {};
`;

let build: Awaited<ReturnType<typeof writeFakeWebBuild>>;
let ctx: TestContext;
let site: App;
const renders = () => (globalThis as { __pageCacheRenders?: Record<string, number> }).__pageCacheRenders ?? {};
const scriptSrc = (policy: unknown) =>
  String(policy)
    .split("; ")
    .find((part) => part.startsWith("script-src ")) ?? "";

beforeAll(async () => {
  build = await writeFakeWebBuild(BUILD);
  ctx = await buildTestApp();
  // The version is read on every request here, so a catalogue change shows at once.
  site = await serveWebBuild(ctx, { buildDir: build.dir, pageCache: { version_interval_ms: 0 } });
  // Two apps and a fresh database: on a busy machine that takes longer than the default hook timeout.
}, 300_000);

afterAll(async () => {
  await site?.close();
  await ctx?.close();
  await build?.remove();
});

beforeEach(async () => {
  // A fresh catalogue version per test: every test starts with nothing cached.
  await ctx.database.query(`UPDATE catalog_version SET version = version + 1`);
  for (const key of Object.keys(renders())) delete renders()[key];
});

describe("the anonymous pages' HTML cache (ADR 044)", () => {
  it("renders a visitor's page once and serves it again with an ETag, the request's own cookies and a hash policy", async () => {
    const first = await site.inject({ method: "GET", url: "/" });
    const second = await site.inject({ method: "GET", url: "/", headers: { cookie: "locale=en" } });
    expect(renders()["/"]).toBe(1);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(first.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(first.headers["cache-control"]).toBe("no-cache");
    expect(first.headers.vary).toBe("accept-encoding, user-agent, cookie");
    // Cookies are the request's, never the render's: the first visit gets the locale, a returning one nothing.
    expect(first.headers["set-cookie"]).toEqual(["locale=en; Path=/"]);
    expect(second.headers["set-cookie"]).toBeUndefined();
    // A shared document carries no nonce: its policy lists the inline script's hash instead.
    expect(first.body).not.toContain("nonce=");
    expect(scriptSrc(first.headers["content-security-policy"])).toBe(`script-src 'self' ${sha256(SCRIPT)}`);
  });

  it("answers 304 to the ETag the browser holds, and the stored br and gzip copies to who accepts them", async () => {
    const first = await site.inject({ method: "GET", url: "/slots" });
    const revalidated = await site.inject({
      method: "GET",
      url: "/slots",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.etag).toBe(first.headers.etag);
    expect(scriptSrc(revalidated.headers["content-security-policy"])).toBe(`script-src 'self' ${sha256(SCRIPT)}`);
    const br = await site.inject({ method: "GET", url: "/slots", headers: { "accept-encoding": "br, gzip" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gzip = await site.inject({ method: "GET", url: "/slots", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(first.body);
    const stale = await site.inject({ method: "GET", url: "/slots", headers: { "if-none-match": 'W/"other"' } });
    expect(stale.statusCode).toBe(200);
    expect(renders()["/slots"]).toBe(1);
  });

  it("keys by device kind, and renders again once the catalogue version changes", async () => {
    const desktop = await site.inject({ method: "GET", url: "/live" });
    const mobile = await site.inject({
      method: "GET",
      url: "/live",
      headers: { "user-agent": "Mozilla/5.0 (iPhone) Mobile" },
    });
    expect(desktop.body).toContain("desktop");
    expect(mobile.body).toContain("mobile");
    expect(renders()["/live"]).toBe(2);
    await site.inject({ method: "GET", url: "/live" });
    expect(renders()["/live"]).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await ctx.database.query(`UPDATE catalog_version SET version = version + 1`);
    const again = await site.inject({ method: "GET", url: "/live" });
    expect(renders()["/live"]).toBe(3);
    // Rendered at another time, the same page: the ETag stays, so a browser's copy still gets its 304.
    expect(again.body).not.toBe(desktop.body);
    expect(again.headers.etag).toBe(desktop.headers.etag);
  });

  it("renders concurrent misses of one page once", async () => {
    const answers = await Promise.all(Array.from({ length: 5 }, () => site.inject({ method: "GET", url: "/promo" })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(renders()["/promo"]).toBe(1);
  });

  it("never serves a player, a query, the account area or loader data from the cache, and keeps their nonce", async () => {
    const requests = [
      { url: "/", headers: { cookie: "__Host-refresh_token=not-a-session" } },
      { url: "/", headers: { authorization: "Bearer x" } },
      { url: "/?modal=login", headers: {} },
      { url: "/account/dashboard", headers: {} },
      { url: "/_root.data", headers: {} },
    ];
    for (const request of requests) {
      for (let i = 0; i < 2; i++) {
        const answer = await site.inject({ method: "GET", url: request.url, headers: request.headers });
        expect(answer.headers.etag, request.url).toBeUndefined();
        expect(scriptSrc(answer.headers["content-security-policy"]), request.url).toMatch(
          /^script-src 'self' 'nonce-[^']+'$/,
        );
        expect(answer.body).toMatch(/nonce="[^"]+"/);
      }
    }
    // Three kinds of request to "/" (a refresh cookie, a bearer token, a query), each rendered twice.
    expect(renders()["/"]).toBe(6);
    expect(renders()["/account/dashboard"]).toBe(2);
    expect(renders()["/_root.data"]).toBe(2);
  });

  it("never keeps an error, a private answer or one that sets cookies of its own; those still get a hash policy", async () => {
    for (const url of ["/missing", "/private", "/login"]) {
      for (let i = 0; i < 2; i++) {
        const answer = await site.inject({ method: "GET", url });
        expect(answer.headers.etag, url).toBeUndefined();
        expect(scriptSrc(answer.headers["content-security-policy"])).toBe(`script-src 'self' ${sha256(SCRIPT)}`);
      }
      expect(renders()[url], url).toBe(2);
    }
    const login = await site.inject({ method: "GET", url: "/login" });
    expect(login.headers["set-cookie"]).toEqual(["locale=en; Path=/", "session=1; Path=/"]);
    expect((await site.inject({ method: "GET", url: "/missing" })).statusCode).toBe(404);
  });

  it("HEAD renders as before", async () => {
    await site.inject({ method: "HEAD", url: "/faq" });
    await site.inject({ method: "HEAD", url: "/faq" });
    expect(renders()["/faq"]).toBe(2);
  });
});
