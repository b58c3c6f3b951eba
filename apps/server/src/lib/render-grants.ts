import type { AuthContext } from "./request-auth.ts";

// A signed-in page render makes several in-process API calls (app.inject), each with the page's
// one-minute access token. The host already proved the session when the render began (peekSession:
// live, current refresh token, player not locked), so the auth plugin need not verify that token's
// signature and look the session up again per call (one primary-key query each, ADR 044 follow-up).
// The grant lives exactly as long as its render: afterwards the same token is verified as any other.

/** At most this many renders in flight hold a grant; beyond it, their calls are verified normally. */
export const RENDER_GRANTS_MAX = 10_000;

type Grant = { auth: AuthContext; holders: number; expires_at_ms: number };

export type RenderGrants = {
  /** Trust `token` as `auth` until the returned release runs (or `ttl_ms` passes, whichever first). */
  grant: (token: string, auth: AuthContext, ttl_ms: number) => () => void;
  /** Who a granted token acts for, or null: then the token is checked as usual. */
  find: (token: string) => AuthContext | null;
  size: () => number;
};

export function createRenderGrants(now_ms: () => number = Date.now): RenderGrants {
  const grants = new Map<string, Grant>();
  return {
    grant(token, auth, ttl_ms) {
      const existing = grants.get(token);
      if (!existing && grants.size >= RENDER_GRANTS_MAX) return () => undefined;
      const entry = existing ?? { auth, holders: 0, expires_at_ms: 0 };
      // Two renders of one session in one second sign the same token: a count, so the first to
      // finish does not take the other's grant away.
      entry.holders += 1;
      entry.expires_at_ms = Math.max(entry.expires_at_ms, now_ms() + ttl_ms);
      grants.set(token, entry);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        entry.holders -= 1;
        if (entry.holders === 0 && grants.get(token) === entry) grants.delete(token);
      };
    },
    find(token) {
      const entry = grants.get(token);
      if (!entry) return null;
      if (entry.expires_at_ms <= now_ms()) return null;
      return entry.auth;
    },
    size: () => grants.size,
  };
}
