import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createTokenLifecycle,
  isAccessAlive,
  isRefreshAlive,
  SESSION_TIMEOUT_MESSAGE,
  startUpDecision,
  type StoredTokens,
  type Tokens,
} from "./token-lifecycle";

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const b64 = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
/** An unsigned JWT with these claims: the client only reads them. */
const jwt = (claims: object) => `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.signature`;
const expIn = (seconds: number) => Math.floor(NOW / 1000) + seconds;

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function setup(initial: StoredTokens, overrides: { nowMs?: () => number; sleep?: (ms: number) => Promise<void> } = {}) {
  let stored = { ...initial };
  const auth: { authenticated: boolean; userId: string | null }[] = [];
  const deps = {
    read: () => stored,
    write: vi.fn((tokens: Tokens) => {
      stored = { access: tokens.access_token, refresh: tokens.refresh_token };
    }),
    clear: vi.fn(() => {
      stored = { access: null, refresh: null };
    }),
    handOver: vi.fn((refresh: string) => {
      stored = { access: null, refresh };
    }),
    updateSession: vi.fn<(refresh: string | null) => Promise<Tokens>>(),
    createSession: vi.fn<() => Promise<Tokens>>(),
    onAuth: (state: { authenticated: boolean; userId: string | null }) => auth.push(state),
  };
  return { lifecycle: createTokenLifecycle({ nowMs: () => NOW, ...deps, ...overrides }), deps, auth, stored: () => stored };
}

const player = (accessSeconds: number, refreshSeconds: number, sub = "user-1") => ({
  access: jwt({ sub, sid: "session-1", exp: expIn(accessSeconds) }),
  refresh: jwt({ sid: "session-1", exp: expIn(refreshSeconds) }),
});

afterEach(() => {
  vi.useRealTimers();
});

describe("alive thresholds", () => {
  it("an access token is alive with more than 120 s left", () => {
    expect(isAccessAlive(jwt({ exp: expIn(121) }), NOW)).toBe(true);
    expect(isAccessAlive(jwt({ exp: expIn(120) }), NOW)).toBe(false);
    expect(isAccessAlive(jwt({ exp: expIn(-5) }), NOW)).toBe(false);
    expect(isAccessAlive(null, NOW)).toBe(false);
    expect(isAccessAlive("not-a-jwt", NOW)).toBe(false);
  });

  it("a refresh token is alive with more than 40 s left", () => {
    expect(isRefreshAlive(jwt({ exp: expIn(41) }), NOW)).toBe(true);
    expect(isRefreshAlive(jwt({ exp: expIn(40) }), NOW)).toBe(false);
  });
});

describe("start-up decision", () => {
  it("authenticates a player whose access token is alive, or whose refresh token is", () => {
    expect(startUpDecision(player(600, 86_400), NOW)).toEqual({ authenticated: true, userId: "user-1", needsSession: false });
    // The access token is dead: the page stays the player's while the refresh runs.
    expect(startUpDecision(player(-60, 86_400), NOW)).toEqual({ authenticated: true, userId: "user-1", needsSession: true });
  });

  it("logs out when both are dead, and asks for a new session", () => {
    expect(startUpDecision(player(-60, 30), NOW)).toEqual({ authenticated: false, userId: null, needsSession: true });
    expect(startUpDecision({ access: null, refresh: null }, NOW)).toEqual({ authenticated: false, userId: null, needsSession: true });
  });

  it("keeps a visitor's live anonymous session instead of opening another", () => {
    const visitor = { access: jwt({ sid: "s", exp: expIn(600) }), refresh: jwt({ sid: "s", exp: expIn(86_400) }) };
    expect(startUpDecision(visitor, NOW)).toEqual({ authenticated: false, userId: null, needsSession: false });
  });
});

describe("getAccessToken", () => {
  it("returns a live access token without any session call", async () => {
    const { lifecycle, deps, stored } = setup(player(600, 86_400));
    await expect(lifecycle.getAccessToken()).resolves.toBe(stored().access);
    expect(deps.updateSession).not.toHaveBeenCalled();
  });

  it("runs one refresh for concurrent callers; the others wait for it and get the new token", async () => {
    const { lifecycle, deps, auth } = setup(player(60, 86_400));
    const answer = deferred<Tokens>();
    deps.updateSession.mockReturnValue(answer.promise);
    const calls = [lifecycle.getAccessToken(), lifecycle.getAccessToken(), lifecycle.getAccessToken()];
    expect(lifecycle.isRefreshing()).toBe(true);
    const fresh = { access_token: jwt({ sub: "user-1", sid: "session-1", exp: expIn(900) }), refresh_token: jwt({ exp: expIn(86_000) }) };
    setTimeout(() => answer.resolve(fresh), 250);
    await expect(Promise.all(calls)).resolves.toEqual([fresh.access_token, fresh.access_token, fresh.access_token]);
    expect(deps.updateSession).toHaveBeenCalledTimes(1);
    expect(deps.updateSession).toHaveBeenCalledWith(player(60, 86_400).refresh);
    expect(auth.at(-1)).toEqual({ authenticated: true, userId: "user-1" });
  });

  it("waiting callers poll every 100 ms", async () => {
    let clock = NOW;
    const sleeps: number[] = [];
    const { lifecycle, deps } = setup(player(60, 86_400), {
      nowMs: () => clock,
      sleep: async (ms) => {
        sleeps.push(ms);
        clock += ms;
        if (sleeps.length === 3) answer.resolve({ access_token: "new-access", refresh_token: "new-refresh" });
        await Promise.resolve();
      },
    });
    const answer = deferred<Tokens>();
    deps.updateSession.mockReturnValue(answer.promise);
    const first = lifecycle.getAccessToken();
    const waiting = lifecycle.getAccessToken();
    await expect(first).resolves.toBe("new-access");
    await expect(waiting).resolves.toBe("new-access");
    expect(sleeps.length).toBeGreaterThanOrEqual(3);
    expect(new Set(sleeps)).toEqual(new Set([100]));
  });

  it("fails with 'Session request timeout' when the session call takes more than 5 s", async () => {
    vi.useFakeTimers();
    const { lifecycle, deps } = setup(player(60, 86_400));
    deps.updateSession.mockReturnValue(new Promise<Tokens>(() => {}));
    const call = lifecycle.getAccessToken();
    const outcome = expect(call).rejects.toThrow(SESSION_TIMEOUT_MESSAGE);
    await vi.advanceTimersByTimeAsync(4999);
    expect(lifecycle.isRefreshing()).toBe(true);
    await vi.advanceTimersByTimeAsync(2);
    await outcome;
    expect(lifecycle.isRefreshing()).toBe(false);
    expect(deps.createSession).not.toHaveBeenCalled();
  });

  it("a waiting caller gives up after 5 s with the same message", async () => {
    let clock = NOW;
    const { lifecycle, deps } = setup(player(60, 86_400), {
      nowMs: () => clock,
      sleep: async (ms) => {
        clock += ms;
        await Promise.resolve();
      },
    });
    deps.updateSession.mockReturnValue(new Promise<Tokens>(() => {}));
    void lifecycle.getAccessToken().catch(() => {});
    await expect(lifecycle.getAccessToken()).rejects.toThrow(SESSION_TIMEOUT_MESSAGE);
  });

  it("opens a new anonymous session when the refresh is refused", async () => {
    const { lifecycle, deps, auth, stored } = setup(player(60, 86_400));
    deps.updateSession.mockRejectedValue(new Error("Your session has ended."));
    deps.createSession.mockResolvedValue({ access_token: jwt({ sid: "s2", exp: expIn(900) }), refresh_token: jwt({ exp: expIn(86_000) }) });
    const token = await lifecycle.getAccessToken();
    expect(deps.createSession).toHaveBeenCalledTimes(1);
    expect(token).toBe(stored().access);
    expect(auth).toEqual([
      { authenticated: false, userId: null },
      { authenticated: false, userId: null },
    ]);
  });

  it("marks the player unauthenticated and opens a new session when the refresh token is not alive", async () => {
    const { lifecycle, deps, auth } = setup(player(60, 30));
    deps.createSession.mockResolvedValue({ access_token: jwt({ sid: "s2", exp: expIn(900) }), refresh_token: jwt({ exp: expIn(86_000) }) });
    await lifecycle.getAccessToken();
    expect(deps.updateSession).not.toHaveBeenCalled();
    expect(deps.createSession).toHaveBeenCalledTimes(1);
    expect(auth[0]).toEqual({ authenticated: false, userId: null });
  });
});

describe("accept, unauthorized and start-up", () => {
  it("a login's tokens are stored and authenticate the player of their user id", () => {
    const { lifecycle, auth, stored } = setup({ access: null, refresh: null });
    const access = jwt({ sub: "user-9", sid: "s", exp: expIn(900) });
    lifecycle.accept({ access_token: access, refresh_token: "r" });
    expect(stored()).toEqual({ access, refresh: "r" });
    expect(auth).toEqual([{ authenticated: true, userId: "user-9" }]);
  });

  it("401/403 clears both tokens and the user id", () => {
    const { lifecycle, deps, auth, stored } = setup(player(600, 86_400));
    lifecycle.unauthorized();
    expect(deps.clear).toHaveBeenCalledTimes(1);
    expect(stored()).toEqual({ access: null, refresh: null });
    expect(auth).toEqual([{ authenticated: false, userId: null }]);
  });

  it("start-up without a session cookie (the refresh is refused) opens an anonymous session", async () => {
    const { lifecycle, deps, auth } = setup({ access: null, refresh: null });
    deps.updateSession.mockRejectedValue(new Error("Your session has ended."));
    deps.createSession.mockResolvedValue({ access_token: jwt({ sid: "s", exp: expIn(900) }), refresh_token: "" });
    await lifecycle.startUp();
    expect(deps.updateSession).toHaveBeenCalledWith(null);
    expect(deps.createSession).toHaveBeenCalledTimes(1);
    expect(auth.every((state) => !state.authenticated)).toBe(true);
  });

  it("start-up of a full page load (nothing in memory) refreshes through the HttpOnly cookie and keeps the player, with no logged-out flash", async () => {
    const { lifecycle, deps, auth, stored } = setup({ access: null, refresh: null });
    const access = jwt({ sub: "user-1", sid: "session-1", exp: expIn(900) });
    deps.updateSession.mockResolvedValue({ access_token: access, refresh_token: "" });
    await lifecycle.startUp();
    // null: the refresh token is the cookie's, which this code never sees.
    expect(deps.updateSession).toHaveBeenCalledWith(null);
    expect(deps.createSession).not.toHaveBeenCalled();
    expect(stored().access).toBe(access);
    expect(auth).toEqual([{ authenticated: true, userId: "user-1" }]);
  });

  it("a refresh token handed over in the address is exchanged once (the server then keeps it in the cookie)", async () => {
    const { lifecycle, deps, stored } = setup({ access: null, refresh: null });
    const handed = jwt({ sid: "session-7", exp: expIn(86_400) });
    lifecycle.adopt(handed);
    expect(stored()).toEqual({ access: null, refresh: handed });
    const access = jwt({ sub: "user-7", sid: "session-7", exp: expIn(900) });
    deps.updateSession.mockResolvedValue({ access_token: access, refresh_token: "" });
    await expect(lifecycle.getAccessToken()).resolves.toBe(access);
    expect(deps.updateSession).toHaveBeenCalledWith(handed);
  });

  it("start-up of a player with live tokens makes no session call", async () => {
    const { lifecycle, deps, auth } = setup(player(600, 86_400));
    await lifecycle.startUp();
    expect(deps.createSession).not.toHaveBeenCalled();
    expect(auth).toEqual([{ authenticated: true, userId: "user-1" }]);
  });
});
