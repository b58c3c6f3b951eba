import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { peekSession } from "../modules/identity/sessions/peek-session.ts";
import { signToken } from "../modules/identity/tokens/jwt.ts";
import { readRefreshCookie } from "../modules/identity/tokens/refresh-cookie.ts";
import { applySiteRules } from "../modules/site-rules/apply-site-rules.ts";
import { externalServiceOrigins, type ExternalOrigins } from "../modules/external-services/external-service-origins.ts";
import { getExternalServices } from "../modules/external-services/get-external-services.ts";

type Options = { buildDir: string };

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

function compressHtml(body: Buffer, encoding: "br" | "gzip") {
  return encoding === "br"
    ? brotli(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : gzip(body, { level: 6 });
}

/** What the web app's entry.server exports so SSR can reach the API without a network hop. */
export type WebLoadContextFactory = (deps: { apiFetch: (request: Request) => Promise<Response>; nonce: string }) => unknown;

/** Google's reCAPTCHA: api.js comes from www.google.com, its code from www.gstatic.com, and the widget is an iframe of www.google.com. */
const CAPTCHA_SOURCES = "https://www.google.com https://www.gstatic.com";

/**
 * The HTML pages' policy; reCAPTCHA's hosts are allowed only when CAPTCHA_ENABLED is on.
 * connect-src is this origin and its own websocket origin (Socket.IO runs on the same origin;
 * older Safari does not let 'self' cover ws:/wss:), never any host: a script injected into a
 * page cannot post what it finds to somewhere else with fetch, XHR, beacons or websockets.
 */
export function contentSecurityPolicy(
  nonce: string,
  options: { captcha: boolean; websocketOrigin: string; external?: ExternalOrigins },
) {
  const captcha = options.captcha ? ` ${CAPTCHA_SOURCES}` : "";
  // Exactly the configured third-party services' origins (ADR 027); none configured adds nothing.
  const extra = (list: string[] | undefined) => (list && list.length > 0 ? ` ${list.join(" ")}` : "");
  const external = options.external;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${captcha}${extra(external?.script)}`,
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
export async function webAppPlugin(app: FastifyInstance, { buildDir }: Options) {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const entry = build.entry.module as { createLoadContext?: WebLoadContextFactory; createRequestHandler?: typeof createRequestHandler };
  // The build's own react-router copy: with middleware on, the context it gets must be an instance of
  // *its* RouterContextProvider, which a second installed copy of react-router would not satisfy.
  const handle = (entry.createRequestHandler ?? createRequestHandler)(
    build,
    app.env.NODE_ENV === "production" ? "production" : "development",
  );
  const makeContext = entry.createLoadContext;

  const clientDir = path.join(buildDir, "client");
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // send's own "max-age=0" would otherwise replace the cache-control set below.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader("vary", "accept-encoding");
      if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.setHeader("cache-control", "public, max-age=31536000, immutable");
      // The service worker, the build manifests the app polls and what the worker precaches by name
      // must be revalidated every time, or a deploy reaches players an hour late (ADR 026).
      else if (NO_CACHE_FILE.test(path.relative(clientDir, filePath).split(path.sep).join("/")))
        res.setHeader("cache-control", "no-cache");
      else res.setHeader("cache-control", "public, max-age=3600");
    },
  });

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
  const authorizePage = async (request: FastifyRequest, headers: Headers): Promise<string | null> => {
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
    return session.userId;
  };

  const render = async (request: FastifyRequest, reply: FastifyReply) => {
    // Unknown API paths answer the API's 404 envelope, never an HTML page (and SSR calls to them never recurse into SSR).
    if (API_PATH.test(request.url)) return reply.callNotFound();
    // Operator rules (restricted countries, maintenance, moved paths) before anything renders (ADR 028).
    if (await applySiteRules(request, reply, { db: app.database.db, env: app.env })) return reply;
    const nonce = randomBytes(16).toString("base64");
    const origin = `${request.protocol}://${request.host}`;
    const headers = new Headers();
    for (const [key, value] of Object.entries(request.headers)) {
      if (value === undefined) continue;
      headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    const player = await authorizePage(request, headers);
    const controller = new AbortController();
    reply.raw.on("close", () => controller.abort());
    const hasBody = request.method !== "GET" && request.method !== "HEAD";
    const webRequest = new Request(origin + request.url, {
      method: request.method,
      headers,
      body: hasBody ? (request.body as ReadableStream | undefined) ?? (request.raw as never) : undefined,
      signal: controller.signal,
      // @ts-expect-error Node's fetch needs duplex for streamed bodies.
      duplex: hasBody ? "half" : undefined,
    });
    const response = await handle(webRequest, makeContext?.({ apiFetch, nonce }) as never);
    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key === "set-cookie") continue;
      reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header("set-cookie", cookies);
    const isHtml = (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (isHtml) {
      const websocketOrigin = `${request.protocol === "https" ? "wss" : "ws"}://${request.host}`;
      const external = externalServiceOrigins(await getExternalServices(app.database.db, app.env), app.env.EXTERNAL_SERVICES_BASE_URL);
      reply.header("content-security-policy", contentSecurityPolicy(nonce, { captcha: app.env.CAPTCHA_ENABLED, websocketOrigin, external }));
    }
    // A page (or loader data) rendered for a logged-in player, and the account area whoever asks,
    // carries personal data: no browser or shared cache may keep it (issue #13, item 8).
    if (player || ACCOUNT_PATH.test(request.url)) reply.header("cache-control", "no-store");
    const body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
    const encoding = isHtml && body && body.length >= COMPRESS_MIN_BYTES ? htmlEncoding(request.headers["accept-encoding"]) : undefined;
    if (!body || !encoding || response.headers.has("content-encoding")) return reply.send(body);
    reply.header("content-encoding", encoding);
    reply.header("vary", response.headers.has("vary") ? `${response.headers.get("vary")}, accept-encoding` : "accept-encoding");
    reply.removeHeader("content-length");
    return reply.send(await compressHtml(body, encoding));
  };

  app.route({ method: ["GET", "HEAD", "POST"], url: "/*", schema: { hide: true }, handler: render });
  app.route({ method: ["GET", "HEAD"], url: "/", schema: { hide: true }, handler: render });
}
