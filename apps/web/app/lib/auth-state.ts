// No token is in a script-readable cookie (ADR 012): the refresh token is the server's HttpOnly
// __Host-refresh_token cookie, the access token lives in the tab's memory.
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

/**
 * Who the page is rendered for. The host (apps/server web-app.ts) looked the refresh cookie's
 * session up without spending it and put a short-lived access token of that session on the
 * request; its user id (`sub`) says whether a player is logged in. No token: a visitor.
 */
export function authStateFromRequest(headers: Headers, nowSeconds = Date.now() / 1000) {
  const bearer = /^Bearer (\S+)$/.exec(headers.get("authorization") ?? "")?.[1];
  const claims = readJwtClaims(bearer);
  const userId = userIdOf(claims);
  const alive = typeof claims?.exp === "number" && claims.exp > nowSeconds;
  return userId && alive ? ({ authenticated: true, userId } as const) : ({ authenticated: false, userId: null } as const);
}

export type AuthState = ReturnType<typeof authStateFromRequest>;
