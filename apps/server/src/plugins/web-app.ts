import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { createRequestHandler, ServerBuild } from "react-router";
import { peekSession } from "../modules/identity/sessions/peek-session.ts";
import { signToken } from "../modules/identity/tokens/jwt.ts";
import { readRefreshCookie } from "../modules/identity/tokens/refresh-cookie.ts";
import { applySiteRules } from "../modules/site-rules/apply-site-rules.ts";
import { externalServiceOrigins, type ExternalOrigins } from "../modules/external-services/external-service-origins.ts";
import { getExternalServices } from "../modules/external-services/get-external-services.ts";
import { createPageCache, type CachedPage, type PageCacheLimits } from "../modules/page-cache/create-page-cache.ts";
import { hashInlineScripts } from "../modules/page-cache/hash-inline-scripts.ts";
import { createContentVersionReader } from "../modules/page-cache/read-content-version.ts";

export type WebAppOptions = {
  buildDir: string;
  /** The anonymous pages' HTML cache (ADR 044); false turns it off. Tests shorten its limits. */
  pageCache?: (Partial<PageCacheLimits> & { version_interval_ms?: number }) | false;
  /**
   * Without it the build is imported while the plugin registers. With it the plugin registers at
   * once and hands over the import for the caller to start (server.ts: after listen, ADR 039); a
   * page request before then starts it itself and waits for it. The returned promise rejects when
   * the build cannot be loaded, so the caller can stop the process as a failed start-up would.
   */
  deferImport?: (start: () => Promise<void>) => void;
};

/**
 * ADR 044. 500 documents of ~50 KB (plus their br and gzip copies) stay far below the byte bound;
 * the TTL bounds what no version tracks (feature flags, settings, the web process's own 15-30 s
 * caches), the version interval how late another process's catalogue change is seen.
 */
const PAGE_CACHE_DEFAULTS: PageCacheLimits & { version_interval_ms: number } = {
  max_entries: 500,
  max_bytes: 64 * 1024 * 1024,
  ttl_ms: 10_000,
  version_interval_ms: 500,
};
/** A cached page is stored, not fresh: every use revalidates (ETag), so a change reaches browsers with the next load. */
const CACHED_PAGE_CACHE_CONTROL = "no-cache";
/** The document differs by encoding, by device kind and crawler (user agent) and by player (the refresh cookie). */
const CACHED_PAGE_VARY = "accept-encoding, user-agent, cookie";

const API_PATH = /^\/(api|socket\.io|_ipx)(\/|\?|$)/;
const ACCOUNT_PATH = /^\/account(\/|\?|\.|$)/;
/** Client files served with no-cache (paths relative to build/client): see the static handler. */
const NO_CACHE_FILE = /^(sw\.js|manifest\.webmanifest|offline\.(html|js)|builds\/.+\.json)(\.br|\.gz)?$/;
/**
 * The app-wide policy (default-src 'none', for API answers) would stop the service worker's own
 * fetches (a worker runs under the policy its script was served with, so it could precache nothing)
 * and the offline page's stylesheet and script. These two get this origin, nothing more.
 */
const OFFLINE_FILE = /^\/(sw\.js|offline\.(html|js))$/;
const OFFLINE_FILES_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
/** A server render's access token only has to outlive the render. */
const PAGE_TOKEN_TTL_SECONDS = 60;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESS_MIN_BYTES = 1024;

/** br or gzip when the browser accepts it (q=0 refuses). Fast levels: pages are compressed per request. */
export function htmlEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  const accepted = new Set(
    (acceptEncoding ?? "")
      .split(",")
      .map((part) => part.trim().toLowerCase().split(";"))
      .filter(([, q]) => !/^\s*q=0(\.0+)?\s*$/.test(q ?? ""))
      .map(([name]) => name),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return undefined;
}

/** Millisecond timestamps (2001-2286) in a render: TanStack's dehydratedAt and dataUpdatedAt. */
const EPOCH_MS = /\b1\d{12}\b/g;

/**
 * A weak ETag: the same for renders that differ only in when they happened (the hydration payload's
 * timestamps), so a re-render after the TTL, or another process's render, still answers 304.
 */
export function pageEtag(body: Buffer): string {
  const semantic = body.toString("utf8").replace(EPOCH_MS, "0");
  return `W/"${createHash("sha256").update(semantic).digest("base64url").slice(0, 27)}"`;
}

/** If-None-Match against a cached document's ETag: "*", or any listed tag by weak comparison (GET may). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  const wanted = opaque(etag);
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === wanted);
}

function compressHtml(body: Buffer, encoding: "br" | "gzip") {
  return encoding === "br"
    ? brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzip(body, { level: 6 });
}

/** What the web app's entry.server exports so SSR can reach the API without a network hop. */
export type WebLoadContextFactory = (deps: {
  apiFetch: (request: Request) => Promise<Response>;
  nonce: string;
}) => unknown;
/** entry.server's page-cache hooks (ADR 044): the cookies a page sets from the request alone, and the render variant. */
type PageSetCookies = (url: URL, cookieHeader: string | null) => string[];
type PageVariant = (userAgent: string | null | undefined) => string;

/** What the page handler needs from the web app's server build. */
type WebBuild = {
  handle: ReturnType<typeof createRequestHandler>;
  makeContext: WebLoadContextFactory | undefined;
  pageSetCookies: PageSetCookies | undefined;
  pageVariant: PageVariant | undefined;
};

/**
 * Imports the React Router server build (~0.5 s of a server's start-up: react-dom/server, the router
 * and every route module). Its entry may bring its own request handler, cookies and variant hooks.
 */
async function importWebBuild(buildDir: string, nodeEnv: string): Promise<WebBuild> {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const entry = build.entry.module as {
    createLoadContext?: WebLoadContextFactory;
    createRequestHandler?: typeof createRequestHandler;
    pageSetCookies?: PageSetCookies;
    pageVariant?: PageVariant;
  };
  // The build's own react-router copy: with middleware on, the context it gets must be an instance of
  // *its* RouterContextProvider, which a second installed copy of react-router would not satisfy.
  const create = entry.createRequestHandler ?? (await import("react-router")).createRequestHandler;
  return {
    handle: create(build, nodeEnv === "production" ? "production" : "development"),
    makeContext: entry.createLoadContext,
    pageSetCookies: entry.pageSetCookies,
    pageVariant: entry.pageVariant,
  };
}

/** Google's reCAPTCHA: api.js comes from www.google.com, its code from www.gstatic.com, and the widget is an iframe of www.google.com. */
const CAPTCHA_SOURCES = "https://www.google.com https://www.gstatic.com";

/**
 * The HTML pages' policy; reCAPTCHA's hosts are allowed only when CAPTCHA_ENABLED is on.
 * connect-src is this origin and its own websocket origin (Socket.IO runs on the same origin;
 * older Safari does not let 'self' cover ws:/wss:), never any host: a script injected into a
 * page cannot post what it finds to somewhere else with fetch, XHR, beacons or websockets.
 */
export function contentSecurityPolicy(
  nonce: string | { hashes: string[] },
  options: { captcha: boolean; websocketOrigin: string; external?: ExternalOrigins },
) {
  // A nonce per render, or (a cached document shared by many visitors, ADR 044) its inline scripts' hashes.
  const inline = typeof nonce === "string" ? ` 'nonce-${nonce}'` : nonce.hashes.map((hash) => ` ${hash}`).join("");
  const captcha = options.captcha ? ` ${CAPTCHA_SOURCES}` : "";
  // Exactly the configured third-party services' origins (ADR 027); none configured adds nothing.
  const extra = (list: string[] | undefined) => (list && list.length > 0 ? ` ${list.join(" ")}` : "");
  const external = options.external;
  return [
    "default-src 'self'",
    `script-src 'self'${inline}${captcha}${extra(external?.script)}`,
    `style-src 'self' 'unsafe-inline'${extra(external?.style)}`,
    `img-src 'self' data: blob:${extra(external?.img)}`,
    "font-src 'self' data:",
    `connect-src 'self' ${options.websocketOrigin}${extra(external?.connect)}`,
    `frame-src 'self'${captcha}${extra(external?.frame)}`,
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

/**
 * Serves the React Router build on the same origin as the API: hashed assets
 * from build/client (cached for a year; the build's .br/.gz copies when the
 * browser accepts them), everything else server-rendered (HTML compressed).
 * Not wrapped in fastify-plugin: its catch-all and body parser stay scoped here.
 */
export async function webAppPlugin(
  app: FastifyInstance,
  { buildDir, pageCache: pageCacheOption, deferImport }: WebAppOptions,
) {
  let loading: Promise<WebBuild> | undefined;
  const loadBuild = () => (loading ??= importWebBuild(buildDir, app.env.NODE_ENV));
  if (deferImport) deferImport(async () => void (await loadBuild()));
  else await loadBuild();

  const clientDir = path.join(buildDir, "client");
  const staticOptions = {
    index: false,
    preCompressed: true,
    // send's own "max-age=0" would otherwise replace the cache-control set below.
    cacheControl: false,
    setHeaders: (res: { setHeader: (name: string, value: string) => unknown }, filePath: string) => {
      res.setHeader("vary", "accept-encoding");
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
      // The service worker, the build manifests the app polls and what the worker precaches by name
      // must be revalidated every time, or a deploy reaches players an hour late (ADR 026).
      else if (NO_CACHE_FILE.test(path.relative(clientDir, filePath).split(path.sep).join("/")))
        res.setHeader("cache-control", "no-cache");
      else res.setHeader("cache-control", "public, max-age=3600");
    },
  } as const;
  // A route for each file at the top (sw.js, the manifest, the offline page…) and one wildcard route
  // per folder (assets, catalog, icons…): a route for each of the build's ~430 files (GET and HEAD,
  // the .br/.gz copies included) cost ~0.25 s of every start-up (ADR 039). A missing file under a
  // folder is a 404, not a page: a stale tab's asset request must fail as such.
  await app.register(fastifyStatic, {
    ...staticOptions,
    root: clientDir,
    wildcard: false,
    globIgnore: ["*/**/*", "*.br", "*.gz"],
  });
  const folders = fs
    .readdirSync(clientDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."));
  for (const folder of folders) {
    await app.register(fastifyStatic, {
      ...staticOptions,
      root: path.join(clientDir, folder.name),
      prefix: `/${folder.name}/`,
      wildcard: true,
      decorateReply: false,
    });
  }

  app.addHook("onSend", async (request, reply, payload) => {
    if (OFFLINE_FILE.test(request.url.split("?")[0]!)) reply.header("content-security-policy", OFFLINE_FILES_POLICY);
    return payload;
  });

  // Route actions receive their body untouched.
  app.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  const apiFetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const response = await app.inject({
      method: request.method as "GET",
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload: request.body ? Buffer.from(await request.arrayBuffer()) : undefined,
    });
    const headers = new Headers();
    for (const [key, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : String(value));
    }
    return new Response(new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };

  /**
   * The browser holds its refresh token only in the HttpOnly cookie and its access token only in
   * the tab's memory (ADR 012), so a full page load carries no bearer token. The page must still
   * render as the player sees it (no flash of "logged out"): the cookie's session is looked up
   * without rotating the single-use token, and the render's API calls get a one-minute access
   * token of that session. Only GET/HEAD (renders and loader data): nothing is changed this way.
   * Returns the player's id when the render acts as a player.
   */
  const authorizePage = async (
    request: FastifyRequest,
    headers: Headers,
  ): Promise<{ player: string | null; release: () => void } | null> => {
    if (request.method !== "GET" && request.method !== "HEAD") return null;
    if (headers.has("authorization")) return null;
    const refreshToken = readRefreshCookie(request, app.env);
    if (!refreshToken) return null;
    const session = await peekSession(app.database, app.env, refreshToken);
    if (!session) return null;
    const accessToken = await signToken(app.env, {
      typ: "access",
      sessionId: session.sessionId,
      userId: session.userId,
      expiresAt: Math.floor(Date.now() / 1000) + PAGE_TOKEN_TTL_SECONDS,
    });
    headers.set("authorization", `Bearer ${accessToken}`);
    // The render's API calls act on this proof: one session check per page, not one per call.
    const release = app.renderGrants.grant(
      accessToken,
      { sessionId: session.sessionId, userId: session.userId },
      PAGE_TOKEN_TTL_SECONDS * 1000,
    );
    return { player: session.userId, release };
  };

  // The anonymous pages' HTML cache (ADR 044): only used with a build that exports its hooks.
  const cacheSettings = pageCacheOption === false ? null : { ...PAGE_CACHE_DEFAULTS, ...pageCacheOption };
  const pageCache = cacheSettings ? createPageCache(cacheSettings) : null;
  const readContentVersion = cacheSettings
    ? createContentVersionReader(app.database, cacheSettings.version_interval_ms)
    : null;
  /** Renders in flight per key: concurrent misses of one page wait for the first instead of rendering it again. */
  const rendering = new Map<string, Promise<CachedPage | null>>();

  /**
   * The cache key of a request the cache may answer, else null: a GET of a page address without a
   * query (a query may open a dialog, carry btag or fid), not loader data, not the account area,
   * from a visitor (no Authorization header, no refresh cookie, valid or not). The key is origin,
   * path, render variant (device kind, crawler) and catalogue version; the country is not in it
   * because it only decides redirects, and those (site rules) ran before this.
   */
  const pageCacheKey = async (
    request: FastifyRequest,
    { pageVariant, pageSetCookies }: WebBuild,
  ): Promise<string | null> => {
    if (!pageCache || !readContentVersion || !pageVariant || !pageSetCookies || request.method !== "GET") return null;
    const url = request.url;
    if (url.includes("?") || url.endsWith(".data") || ACCOUNT_PATH.test(url)) return null;
    if (request.headers.authorization !== undefined || readRefreshCookie(request, app.env)) return null;
    const version = await readContentVersion();
    if (version === null) return null;
    return `${request.protocol}://${request.host}${url}\n${pageVariant(request.headers["user-agent"])}\n${version}`;
  };

  /** The HTML pages' policy for this request (its websocket origin) with a nonce or a cached document's hashes. */
  const pagePolicy = async (request: FastifyRequest, inline: string | { hashes: string[] }) => {
    const websocketOrigin = `${request.protocol === "https" ? "wss" : "ws"}://${request.host}`;
    const external = externalServiceOrigins(
      await getExternalServices(app.database.db, app.env),
      app.env.EXTERNAL_SERVICES_BASE_URL,
    );
    return contentSecurityPolicy(inline, { captcha: app.env.CAPTCHA_ENABLED, websocketOrigin, external });
  };

  /** A cached document: its own cookies for this request (from the request alone), 304 when the browser holds it. */
  const sendCachedPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: CachedPage,
    { pageSetCookies }: WebBuild,
  ) => {
    reply.status(page.status);
    for (const [key, value] of page.headers) reply.header(key, value);
    const cookies = pageSetCookies!(new URL(request.url, "http://page.internal"), request.headers.cookie ?? null);
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    reply.header("etag", page.etag);
    reply.header("cache-control", CACHED_PAGE_CACHE_CONTROL);
    reply.header("vary", CACHED_PAGE_VARY);
    reply.header("content-security-policy", await pagePolicy(request, { hashes: page.script_hashes }));
    if (etagMatches(request.headers["if-none-match"], page.etag)) {
      reply.removeHeader("content-type");
      return reply.status(304).send();
    }
    const encoding = htmlEncoding(request.headers["accept-encoding"]);
    if (!encoding) return reply.send(page.body);
    reply.header("content-encoding", encoding);
    return reply.send(encoding === "br" ? page.br : page.gzip);
  };

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    // Unknown API paths answer the API's 404 envelope, never an HTML page (and SSR calls to them never recurse into SSR).
    if (API_PATH.test(request.url)) return reply.callNotFound();
    // Operator rules (restricted countries, maintenance, moved paths) before anything renders (ADR 028).
    if (await applySiteRules(request, reply, { db: app.database.db, env: app.env })) return reply;
    // Imported after listen (deferImport): the first pages wait for it.
    const web = await loadBuild();
    const cacheKey = await pageCacheKey(request, web);
    if (cacheKey === null) {
      await renderPage(request, reply, null, web);
      return reply;
    }
    const hit = pageCache!.get(cacheKey);
    if (hit) return sendCachedPage(request, reply, hit, web);
    const pending = rendering.get(cacheKey);
    const shared = pending ? await pending : null;
    if (shared) return sendCachedPage(request, reply, shared, web);
    if (pending) {
      await renderPage(request, reply, null, web);
      return reply;
    }
    let settle: (page: CachedPage | null) => void = () => {};
    rendering.set(cacheKey, new Promise((resolve) => (settle = resolve)));
    try {
      const page = await renderPage(request, reply, cacheKey, web);
      settle(page);
      return page ? sendCachedPage(request, reply, page, web) : reply;
    } finally {
      settle(null);
      rendering.delete(cacheKey);
    }
  };

  /**
   * Renders the page. With a cache key the render gets no nonce (the document may be shared: its
   * policy lists the hashes of its inline scripts instead); when the answer can be shared (200,
   * HTML, no cookies but the request's own, no no-store) it is stored and returned unsent for the
   * caller to send. Otherwise it is sent here and null returned.
   */
  const renderPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    cacheKey: string | null,
    web: WebBuild,
  ): Promise<CachedPage | null> => {
    const nonce = cacheKey === null ? randomBytes(16).toString("base64") : "";
    const origin = `${request.protocol}://${request.host}`;
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    const authorized = await authorizePage(request, headers);
    try {
      return await renderAs(request, reply, { cacheKey, nonce, origin, headers, web, player: authorized?.player ?? null });
    } finally {
      authorized?.release();
    }
  };

  const renderAs = async (
    request: FastifyRequest,
    reply: FastifyReply,
    {
      cacheKey,
      nonce,
      origin,
      headers,
      web,
      player,
    }: { cacheKey: string | null; nonce: string; origin: string; headers: Headers; web: WebBuild; player: string | null },
  ): Promise<CachedPage | null> => {
    const controller = new AbortController();
    reply.raw.on("close", () => controller.abort());
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const webRequest = new Request(origin + request.url, {
      method: request.method,
      headers,
      body: hasBody ? ((request.body as ReadableStream | undefined) ?? (request.raw as never)) : undefined,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs duplex for streamed bodies.
      duplex: hasBody ? "half" : undefined,
    });
    const response = await web.handle(webRequest, web.makeContext?.({ apiFetch, nonce }) as never);
    const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (cacheKey !== null && isHtml && response.body) {
      const body = Buffer.from(await response.arrayBuffer());
      const page = await toCachedPage(request, response, body, web);
      if (page) {
        pageCache!.set(cacheKey, page);
        return page;
      }
      await sendRendered(request, reply, response, body, { hashes: hashInlineScripts(body.toString("utf8")) }, player);
      return null;
    }
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    await sendRendered(request, reply, response, body, nonce, player);
    return null;
  };

  /** A document worth sharing: 200 HTML, not marked private, whose only cookies are the ones every visitor's request gets. */
  const toCachedPage = async (
    request: FastifyRequest,
    response: Response,
    body: Buffer,
    { pageSetCookies }: WebBuild,
  ): Promise<CachedPage | null> => {
    if (response.status !== 200 || response.headers.has("content-encoding")) return null;
    if (/no-store|private/i.test(response.headers.get("cache-control") ?? "")) return null;
    const cookies = response.headers.getSetCookie();
    const expected = pageSetCookies!(new URL(request.url, "http://page.internal"), request.headers.cookie ?? null);
    if (cookies.length !== expected.length || cookies.some((cookie, i) => cookie !== expected[i])) return null;
    const [br, gz] = await Promise.all([
      brotli(body, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      }),
      gzip(body, { level: 9 }),
    ]);
    const headers: [string, string][] = [];
    for (const [key, value] of response.headers) {
      if (!["set-cookie", "content-length", "content-encoding", "vary", "etag", "cache-control"].includes(key))
        headers.push([key, value]);
    }
    return {
      body,
      br,
      gzip: gz,
      etag: pageEtag(body),
      script_hashes: hashInlineScripts(body.toString("utf8")),
      headers,
      status: response.status,
      stored_at_ms: Date.now(),
    };
  };

  /** Sends a render as it came (today's path): its headers and cookies, the policy, compressed when worth it. */
  const sendRendered = async (
    request: FastifyRequest,
    reply: FastifyReply,
    response: Response,
    body: Buffer | null,
    inline: string | { hashes: string[] },
    player: string | null,
  ) => {
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === "set-cookie") continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (isHtml) reply.header("content-security-policy", await pagePolicy(request, inline));
    // A page (or loader data) rendered for a logged-in player, and the account area whoever asks,
    // carries personal data: no browser or shared cache may keep it (issue #13, item 8).
    if (player || ACCOUNT_PATH.test(request.url)) reply.header("cache-control", "no-store");
    const encoding =
      isHtml && body && body.length >= COMPRESS_MIN_BYTES
        ? htmlEncoding(request.headers["accept-encoding"])
        : undefined;
    if (!body || !encoding || response.headers.has("content-encoding")) return reply.send(body);
    reply.header("content-encoding", encoding);
    reply.header(
      "vary",
      response.headers.has("vary") ? `${response.headers.get("vary")}, accept-encoding` : "accept-encoding",
    );
    reply.removeHeader("content-length");
    return reply.send(await compressHtml(body, encoding));
  };

  app.route({ method: ["GET", "HEAD", "POST"], url: "/*", schema: { hide: true }, handler: render });
  app.route({ method: ["GET", "HEAD"], url: "/", schema: { hide: true }, handler: render });
}
