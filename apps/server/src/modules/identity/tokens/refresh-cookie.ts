import type { FastifyReply, FastifyRequest } from "fastify";
import { decodeJwt } from "jose";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import type { TokenPair } from "./jwt.ts";

/**
 * The refresh token's browser transport (ADR 012). The server alone writes it: HttpOnly (no
 * script reads it, so an XSS cannot carry it away), SameSite=Strict (no other site's page makes
 * the browser send it), Path=/ and the __Host- prefix (no subdomain or plain-http page can plant
 * or shadow it). __Host- requires Secure; browsers accept Secure cookies from http://localhost and
 * http://127.0.0.1 (both are secure contexts), so the demo keeps it too.
 */
export const REFRESH_COOKIE = "__Host-refresh_token";
/**
 * Outside production only, for plain http on a name that is not loopback (a phone on the LAN
 * opening the dev server): no browser stores a Secure cookie there, so the same cookie goes
 * without Secure and therefore without the prefix. Production never writes or reads it.
 */
export const INSECURE_DEV_REFRESH_COOKIE = "croupier_refresh_token";
/** The cookies the web app used to write with document.cookie; every token answer deletes them. */
const LEGACY_COOKIES = ["access_token", "refresh_token"];

type CookieEnv = Pick<Env, "NODE_ENV">;

const LOOPBACK = /^(localhost|.+\.localhost|127(\.\d{1,3}){3}|\[?::1\]?)$/i;

function secureTransport(request: FastifyRequest, env: CookieEnv): boolean {
  if (env.NODE_ENV === "production" || request.protocol === "https") return true;
  return LOOPBACK.test(request.hostname);
}

/** The refresh token the browser sent in its cookie, if any. */
export function readRefreshCookie(request: FastifyRequest, env: CookieEnv): string | undefined {
  const value =
    request.cookies[REFRESH_COOKIE] ??
    (env.NODE_ENV === "production" ? undefined : request.cookies[INSECURE_DEV_REFRESH_COOKIE]);
  return value && value.length <= 4096 ? value : undefined;
}

function cookieName(request: FastifyRequest, env: CookieEnv) {
  return secureTransport(request, env) ? REFRESH_COOKIE : INSECURE_DEV_REFRESH_COOKIE;
}

/**
 * A browser's call: every current browser sends Sec-Fetch-Mode with fetch and XHR, and no
 * script can remove or forge it (a forbidden header name). Non-browser API clients do not send it.
 */
export const isBrowserCall = (request: FastifyRequest) => typeof request.headers["sec-fetch-mode"] === "string";

/**
 * Every answer that carries tokens goes through here: the refresh token is (re)written into its
 * cookie with the token's own remaining lifetime, the answer is never stored by any cache, and the
 * shape stays the contract's { access_token, refresh_token }. To a browser the body's refresh_token
 * is empty: a script (an XSS included) that can call the API must not be able to read the token
 * that outlives the tab; API clients without cookies still get it in the body.
 */
export function sendTokens(request: FastifyRequest, reply: FastifyReply, env: CookieEnv, pair: TokenPair): TokenPair {
  const exp = decodeJwt(pair.refresh_token).exp ?? 0;
  const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
  reply.header("cache-control", "no-store");
  reply.setCookie(cookieName(request, env), pair.refresh_token, {
    path: "/",
    httpOnly: true,
    secure: secureTransport(request, env),
    sameSite: "strict",
    maxAge,
  });
  for (const name of LEGACY_COOKIES) if (request.cookies[name] !== undefined) reply.clearCookie(name, { path: "/" });
  return { access_token: pair.access_token, refresh_token: isBrowserCall(request) ? "" : pair.refresh_token };
}

/**
 * CSRF guard for a refresh that rides on the cookie: SameSite=Strict already keeps other sites'
 * requests cookieless; on top, a browser's Origin (sent with every cross-origin POST) must be ours,
 * so a same-site neighbour (another subdomain) cannot spend the player's refresh token either.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host !== request.host) throw new AppError("FORBIDDEN", "Cross-origin session refresh refused.");
}
