import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from "../../lib/auth-state";
import { DAY_SECONDS, parseCookies, serializeCookie } from "../../lib/cookies";
import type { StoredTokens, Tokens } from "./token-lifecycle";

/** Token cookies: 30 days, path /, SameSite=Lax, Secure on https (the server reads them for the first paint). */
export const TOKEN_COOKIE_MAX_AGE = 30 * DAY_SECONDS;

const secure = () => typeof location !== "undefined" && location.protocol === "https:";

export function readTokenCookies(): StoredTokens {
  if (typeof document === "undefined") return { access: null, refresh: null };
  const cookies = parseCookies(document.cookie);
  return { access: cookies.get(ACCESS_TOKEN_COOKIE) ?? null, refresh: cookies.get(REFRESH_TOKEN_COOKIE) ?? null };
}

export function writeTokenCookies(tokens: Tokens) {
  const options = { maxAgeSeconds: TOKEN_COOKIE_MAX_AGE, secure: secure() };
  document.cookie = serializeCookie(ACCESS_TOKEN_COOKIE, tokens.access_token, options);
  document.cookie = serializeCookie(REFRESH_TOKEN_COOKIE, tokens.refresh_token, options);
}

export function clearTokenCookies() {
  const options = { maxAgeSeconds: 0, secure: secure() };
  document.cookie = serializeCookie(ACCESS_TOKEN_COOKIE, "", options);
  document.cookie = serializeCookie(REFRESH_TOKEN_COOKIE, "", options);
}
