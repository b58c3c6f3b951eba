import type { StoredTokens, Tokens } from "./token-lifecycle";

// The tab's tokens, in memory only (ADR 012): nothing here is in document.cookie or web storage,
// so an injected script finds no token that outlives the tab. The refresh token proper is the
// server's HttpOnly __Host-refresh_token cookie; a full page load gets a new access token through
// the refresh call.
let access: string | null = null;
let handedOver: string | null = null;
const listeners = new Set<() => void>();

function setAccess(next: string | null) {
  if (next === access) return;
  access = next;
  for (const listener of listeners) listener();
}

export function readTokens(): StoredTokens {
  return { access, refresh: handedOver };
}

/** Keeps the access token. A body's refresh_token is ignored: the cookie carries the real one. */
export function writeTokens(tokens: Tokens) {
  handedOver = null;
  setAccess(tokens.access_token || null);
}

export function clearTokens() {
  handedOver = null;
  setAccess(null);
}

export function handOverRefreshToken(refreshToken: string) {
  handedOver = refreshToken;
  setAccess(null);
}

/** The access token this tab uses now (its session id tells "this device" in the session list). */
export const currentAccessToken = () => access;

/** For useSyncExternalStore: a full page load gets its access token only after the start-up refresh. */
export function subscribeAccessToken(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
