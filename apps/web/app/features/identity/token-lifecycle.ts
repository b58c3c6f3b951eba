import { ACCESS_ALIVE_SECONDS, readJwtClaims, REFRESH_ALIVE_SECONDS } from "../../lib/auth-state";

export type Tokens = { access_token: string; refresh_token: string };
/**
 * What the tab holds (memory only, ADR 012): the access token, and a refresh token only while
 * one handed over in the address (?payload=…) waits to be exchanged for the HttpOnly cookie.
 * The browser's own refresh token is in the __Host-refresh_token cookie, which no script reads.
 */
export type StoredTokens = { access: string | null; refresh: string | null };

export const SESSION_REQUEST_TIMEOUT_MS = 5000;
export const REFRESH_POLL_MS = 100;
export const SESSION_TIMEOUT_MESSAGE = "Session request timeout";

export type TokenLifecycleDeps = {
  read: () => StoredTokens;
  write: (tokens: Tokens) => void;
  clear: () => void;
  /** Drops the access token and keeps a handed-over refresh token for the next refresh. */
  handOver: (refreshToken: string) => void;
  /** POST /session/update: with a handed-over refresh token, or null for the HttpOnly cookie's; rejects when refused. */
  updateSession: (refreshToken: string | null) => Promise<Tokens>;
  /** POST /session/create: a fresh anonymous session. */
  createSession: () => Promise<Tokens>;
  /** Called with every change of who is logged in (and once per refresh that keeps a player). */
  onAuth: (state: { authenticated: boolean; userId: string | null }) => void;
  nowMs?: () => number;
  sleep?: (ms: number) => Promise<void>;
};

/** The user id an access token carries (`sub`), or null for an anonymous session. */
export function userIdOfToken(token: string | null | undefined): string | null {
  const claims = readJwtClaims(token ?? undefined);
  const id = claims?.sub ?? claims?.uid ?? claims?.user_id;
  return typeof id === "string" && id.length > 0 ? id : null;
}

export function sessionIdOfToken(token: string | null | undefined): string | null {
  const sid = readJwtClaims(token ?? undefined)?.sid;
  return typeof sid === "string" ? sid : null;
}

/** More than `thresholdSeconds` left before `exp`. */
export function isTokenAlive(token: string | null | undefined, thresholdSeconds: number, nowMs: number): boolean {
  const exp = readJwtClaims(token ?? undefined)?.exp;
  return typeof exp === "number" && exp - nowMs / 1000 > thresholdSeconds;
}

export const isAccessAlive = (token: string | null | undefined, nowMs: number) => isTokenAlive(token, ACCESS_ALIVE_SECONDS, nowMs);
export const isRefreshAlive = (token: string | null | undefined, nowMs: number) => isTokenAlive(token, REFRESH_ALIVE_SECONDS, nowMs);

/**
 * The spec's start-up rule, for the tokens the tab can see: a stored access token with a user id
 * that is alive, or an alive handed-over refresh token. A tab that holds nothing (every full page
 * load: the access token is in memory only) asks the server, whose refresh cookie decides.
 */
export function startUpDecision(stored: StoredTokens, nowMs: number): { authenticated: boolean; userId: string | null; needsSession: boolean } {
  const userId = userIdOfToken(stored.access);
  const accessAlive = isAccessAlive(stored.access, nowMs);
  const refreshAlive = isRefreshAlive(stored.refresh, nowMs);
  if (userId && (accessAlive || refreshAlive)) return { authenticated: true, userId, needsSession: !accessAlive };
  return { authenticated: false, userId: null, needsSession: !accessAlive };
}

export function withTimeout<T>(promise: Promise<T>, ms: number, message = SESSION_TIMEOUT_MESSAGE): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type TokenLifecycle = ReturnType<typeof createTokenLifecycle>;

/**
 * The client side of the token contract: an access token that is alive before every call,
 * at most one session request (refresh or create) in flight, other callers polling every
 * 100 ms, and a 5 s limit that fails with 'Session request timeout'.
 */
export function createTokenLifecycle(deps: TokenLifecycleDeps) {
  const now = deps.nowMs ?? (() => Date.now());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let refreshing = false;

  /** Stores the tokens and derives who is logged in from the access token's user id. */
  function accept(tokens: Tokens) {
    deps.write(tokens);
    const userId = userIdOfToken(tokens.access_token);
    deps.onAuth({ authenticated: userId !== null, userId });
  }

  async function createSession(): Promise<string> {
    const tokens = await withTimeout(deps.createSession(), SESSION_REQUEST_TIMEOUT_MS);
    accept(tokens);
    return tokens.access_token;
  }

  async function refresh(): Promise<string | null> {
    // A handed-over refresh token is checked here; the cookie's is the server's to judge.
    const { refresh: handedOver } = deps.read();
    if (handedOver && !isRefreshAlive(handedOver, now())) {
      deps.onAuth({ authenticated: false, userId: null });
      return createSession();
    }
    try {
      const tokens = await withTimeout(deps.updateSession(handedOver), SESSION_REQUEST_TIMEOUT_MS);
      accept(tokens);
      return tokens.access_token;
    } catch (error) {
      if (error instanceof Error && error.message === SESSION_TIMEOUT_MESSAGE) throw error;
      // A refused refresh token (rotated elsewhere, session ended, account locked): start over as a visitor.
      deps.onAuth({ authenticated: false, userId: null });
      return createSession();
    }
  }

  async function waitForRefresh(): Promise<string | null> {
    const deadline = now() + SESSION_REQUEST_TIMEOUT_MS;
    while (refreshing) {
      if (now() >= deadline) throw new Error(SESSION_TIMEOUT_MESSAGE);
      await sleep(REFRESH_POLL_MS);
    }
    return deps.read().access;
  }

  /** The access token to send, refreshed first when it has 120 s or less left. */
  async function getAccessToken(): Promise<string | null> {
    const { access } = deps.read();
    if (isAccessAlive(access, now())) return access;
    if (refreshing) return waitForRefresh();
    refreshing = true;
    try {
      return await refresh();
    } finally {
      refreshing = false;
    }
  }

  /** 401/403 from any call: the tokens and the user id go, the player is logged out. */
  function unauthorized() {
    deps.clear();
    deps.onAuth({ authenticated: false, userId: null });
  }

  /**
   * Runs once when the app starts in the browser. The page was rendered as the server saw the
   * refresh cookie, so the auth state is left as the page says until the refresh call (the
   * cookie's) answers: no flash of "logged out" for a player, no flash of "logged in" for a visitor.
   */
  async function startUp() {
    const decision = startUpDecision(deps.read(), now());
    if (decision.authenticated || !decision.needsSession) deps.onAuth({ authenticated: decision.authenticated, userId: decision.userId });
    if (decision.needsSession) await getAccessToken();
    return decision;
  }

  /** A refresh token handed over in the address: the next call exchanges it (the server then sets the cookie). */
  function adopt(refreshToken: string) {
    deps.handOver(refreshToken);
  }

  return { accept, adopt, getAccessToken, unauthorized, startUp, isRefreshing: () => refreshing };
}
