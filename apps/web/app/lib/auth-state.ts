import { parseCookies } from "./cookies";

// Cookie names shared with the identity module (token cookies: 30 days, path /).
export const ACCESS_TOKEN_COOKIE = "access_token";
export const REFRESH_TOKEN_COOKIE = "refresh_token";
export const ACCESS_ALIVE_SECONDS = 120;
export const REFRESH_ALIVE_SECONDS = 40;

type Claims = { exp?: unknown; sub?: unknown; uid?: unknown; user_id?: unknown; sid?: unknown };

/** The payload of a JWT, unverified: good for UI decisions only; the API verifies every call. */
export function readJwtClaims(token: string | undefined): Claims | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const json = decodeURIComponent(
      Array.from(atob(base64), (c) => "%" + c.charCodeAt(0).toString(16).padStart(2, "0")).join(""),
    );
    const claims = JSON.parse(json) as unknown;
    return claims && typeof claims === "object" ? (claims as Claims) : null;
  } catch {
    return null;
  }
}

function userIdOf(claims: Claims | null): string | null {
  const id = claims?.sub ?? claims?.uid ?? claims?.user_id;
  return typeof id === "string" && id.length > 0 ? id : null;
}

function aliveFor(claims: Claims | null, seconds: number, now: number) {
  return typeof claims?.exp === "number" && claims.exp - now > seconds;
}

/**
 * Start-up rule of the spec: logged in when the access token carries a user id and is alive,
 * or (for a player whose access token expired) the refresh token is still alive.
 */
export function authStateFromCookies(cookieHeader: string | null | undefined, nowSeconds = Date.now() / 1000) {
  const cookies = parseCookies(cookieHeader);
  const access = readJwtClaims(cookies.get(ACCESS_TOKEN_COOKIE));
  const refresh = readJwtClaims(cookies.get(REFRESH_TOKEN_COOKIE));
  const userId = userIdOf(access);
  if (!userId) return { authenticated: false, userId: null } as const;
  const authenticated = aliveFor(access, ACCESS_ALIVE_SECONDS, nowSeconds) || aliveFor(refresh, REFRESH_ALIVE_SECONDS, nowSeconds);
  return authenticated ? ({ authenticated: true, userId } as const) : ({ authenticated: false, userId: null } as const);
}

export type AuthState = ReturnType<typeof authStateFromCookies>;
