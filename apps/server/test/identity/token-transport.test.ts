import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { peekSession } from "../../src/modules/identity/sessions/peek-session.ts";
import { ROTATION_GRACE_MS } from "../../src/modules/identity/sessions/refresh-session.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, createSession, decodeJwt, login, mailedLink, signUp } from "./identity-helpers.ts";

// Issue #13, items 6 (a login starts a new session), 7 (the refresh token lives in an HttpOnly
// __Host- cookie the server writes) and 8 (token and personal answers are never cached).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

/** What a browser's fetch sends and script cannot forge or drop. */
const BROWSER = { "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin", host: "localhost:3000" };

type SetCookie = { name: string; value: string; attributes: string[] };
function setCookies(headers: Record<string, unknown>): SetCookie[] {
  const raw = headers["set-cookie"];
  const list = raw === undefined ? [] : Array.isArray(raw) ? (raw as string[]) : [String(raw)];
  return list.map((line) => {
    const [pair, ...attributes] = line.split(";").map((part) => part.trim());
    const eq = pair!.indexOf("=");
    return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes: attributes.map((a) => a.toLowerCase()) };
  });
}
const refreshCookie = (headers: Record<string, unknown>) =>
  setCookies(headers).find((c) => c.name === "__Host-refresh_token");
const cookieHeader = (value: string) => ({ cookie: `__Host-refresh_token=${value}` });

const refresh = (headers: Record<string, string>, payload: Record<string, unknown> = {}) =>
  ctx.app.inject({ method: "POST", url: "/api/v1/session/update", headers, payload });

const sessionRow = async (sid: unknown) =>
  (
    await ctx.database.query<{ finished_at: string | null; user_guid: string | null }>(
      "SELECT finished_at, user_guid FROM sessions WHERE guid = $1",
      [sid],
    )
  )[0];

describe("a login starts a new session id; the anonymous one ends (item 6)", () => {
  async function assertAnonymousIsDead(
    anon: { access_token: string; refresh_token: string },
    loggedIn: { access_token: string },
  ) {
    const anonSid = decodeJwt(anon.access_token).sid;
    const playerSid = decodeJwt(loggedIn.access_token).sid;
    expect(playerSid).not.toBe(anonSid);
    expect(decodeJwt(loggedIn.access_token).sub).toMatch(/^[0-9a-f-]{36}$/);
    expect((await sessionRow(anonSid))?.finished_at).not.toBeNull();
    // The pre-login holder can neither refresh into the player's session …
    const stolen = await refresh({}, { refresh_token: anon.refresh_token });
    expect(stolen.statusCode).toBe(401);
    // … nor act with the old access token (see the player's sessions, end them) …
    const terminate = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/session/terminate",
      headers: bearer(anon.access_token),
    });
    expect(terminate.statusCode).toBe(401);
    const logout = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/authorization/logout",
      headers: bearer(anon.access_token),
    });
    expect(logout.statusCode).toBe(200);
    // … so the player's session is untouched.
    expect((await sessionRow(playerSid))?.finished_at).toBeNull();
    const info = await ctx.app.inject({
      method: "GET",
      url: "/api/v1/authorization/info",
      headers: bearer(loggedIn.access_token),
    });
    expect(info.statusCode).toBe(200);
  }

  it("password login", async () => {
    const anon = (await createSession(ctx.app)).payload;
    const res = await login(ctx.app, "demo@example.com", "demo-password-1", bearer(anon.access_token));
    expect(res.statusCode).toBe(200);
    await assertAnonymousIsDead(anon, res.json().payload);
  });

  it("magic link / one-time code login", async () => {
    const anon = (await createSession(ctx.app)).payload;
    const asked = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/authorization/request-login-code",
      payload: { email: "demo2@example.com" },
    });
    expect(asked.statusCode).toBe(200);
    const code = (await mailedLink(ctx.app, "demo2@example.com", /login link/i)).searchParams.get("magic_link")!;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/authorization/code-login",
      headers: bearer(anon.access_token),
      payload: { token: code },
    });
    expect(res.statusCode).toBe(200);
    await assertAnonymousIsDead(anon, res.json().payload);
  });

  it("sign-up (which logs the new player in)", async () => {
    const anon = (await createSession(ctx.app)).payload;
    const currencies = await ctx.app.inject({ method: "GET", url: "/api/v1/dictionary/currencies" });
    const usd = (currencies.json().payload as { guid: string; code: string }[]).find((c) => c.code === "USD")!;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/signup",
      headers: bearer(anon.access_token),
      payload: { email: "new-session-id@example.com", password: "correct-horse-9", currency_guid: usd.guid },
    });
    expect(res.statusCode).toBe(200);
    await assertAnonymousIsDead(anon, res.json().payload);
  });
});

describe("the refresh token travels in an HttpOnly __Host- cookie (item 7)", () => {
  it("is set on login with HttpOnly, Secure, SameSite=Strict, Path=/ and its lifetime; a browser's body gets no refresh token", async () => {
    const res = await login(ctx.app, "demo@example.com", "demo-password-1", BROWSER);
    expect(res.statusCode).toBe(200);
    const body = res.json().payload;
    // The contract's shape is unchanged; the value a script could read is not there.
    expect(Object.keys(body).sort()).toEqual(["access_token", "refresh_token"]);
    expect(body.refresh_token).toBe("");
    const cookie = refreshCookie(res.headers)!;
    expect(cookie).toBeDefined();
    expect(cookie.attributes).toEqual(expect.arrayContaining(["httponly", "secure", "samesite=strict", "path=/"]));
    expect(cookie.attributes.some((a) => a.startsWith("domain="))).toBe(false);
    const maxAge = Number(cookie.attributes.find((a) => a.startsWith("max-age="))!.slice(8));
    expect(maxAge).toBeGreaterThan(29 * 86_400);
    expect(decodeJwt(cookie.value)).toMatchObject({ typ: "refresh", sid: decodeJwt(body.access_token).sid });
  });

  it("rotates through the cookie alone; a replayed old cookie ends the session and gets only a new anonymous one", async () => {
    const first = refreshCookie((await login(ctx.app, "demo@example.com", "demo-password-1", BROWSER)).headers)!;
    const rotated = await refresh({ ...BROWSER, ...cookieHeader(first.value) });
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().payload.refresh_token).toBe("");
    const next = refreshCookie(rotated.headers)!;
    expect(next.value).not.toBe(first.value);
    expect(decodeJwt(next.value).sid).toBe(decodeJwt(first.value).sid);
    expect(decodeJwt(rotated.json().payload.access_token).sub).toBe(decodeJwt(first.value).sub);

    // Past the grace for a lost answer, the spent cookie is a copy: the session ends.
    const later = Date.now() + ROTATION_GRACE_MS + 1000;
    const clock = vi.spyOn(Date, "now").mockReturnValue(later);
    let replay;
    try {
      replay = await refresh({ ...BROWSER, ...cookieHeader(first.value) });
    } finally {
      clock.mockRestore();
    }
    expect(replay.statusCode).toBe(200);
    const replayAccess = decodeJwt(replay.json().payload.access_token);
    expect(replayAccess.sub).toBeUndefined();
    expect(replayAccess.sid).not.toBe(decodeJwt(first.value).sid);
    expect(decodeJwt(refreshCookie(replay.headers)!.value).sub).toBeUndefined();
    // The replay ended the player's session: the legitimate holder's newer cookie is dead too.
    expect((await sessionRow(decodeJwt(first.value).sid))?.finished_at).not.toBeNull();
    const after = await refresh({ ...BROWSER, ...cookieHeader(next.value) });
    expect(decodeJwt(after.json().payload.access_token).sub).toBeUndefined();
  });

  it("a cookie whose rotation answer was lost (page torn down mid-refresh) gets the current token again within the grace", async () => {
    const first = refreshCookie((await login(ctx.app, "demo@example.com", "demo-password-1", BROWSER)).headers)!;
    const lost = await refresh({ ...BROWSER, ...cookieHeader(first.value) });
    const current = refreshCookie(lost.headers)!;
    // The browser never stored `current` and presents `first` again.
    const again = await refresh({ ...BROWSER, ...cookieHeader(first.value) });
    expect(again.statusCode).toBe(200);
    expect(decodeJwt(again.json().payload.access_token)).toMatchObject({
      sid: decodeJwt(first.value).sid,
      sub: decodeJwt(first.value).sub,
    });
    const reissued = refreshCookie(again.headers)!;
    expect(decodeJwt(reissued.value).jti).toBe(decodeJwt(current.value).jti);
    expect((await sessionRow(decodeJwt(first.value).sid))?.finished_at).toBeNull();
    // And the session goes on normally from there.
    const onwards = await refresh({ ...BROWSER, ...cookieHeader(reissued.value) });
    expect(decodeJwt(onwards.json().payload.access_token).sub).toBe(decodeJwt(first.value).sub);
    // An older token than the direct predecessor is no lost answer: it ends the session.
    const stale = await refresh({ ...BROWSER, ...cookieHeader(first.value) });
    expect(decodeJwt(stale.json().payload.access_token).sub).toBeUndefined();
    expect((await sessionRow(decodeJwt(first.value).sid))?.finished_at).not.toBeNull();
  });

  it("two tabs refreshing with the same cookie at once both keep the session", async () => {
    const first = refreshCookie((await login(ctx.app, "demo@example.com", "demo-password-1", BROWSER)).headers)!;
    const both = await Promise.all([1, 2].map(() => refresh({ ...BROWSER, ...cookieHeader(first.value) })));
    for (const res of both) expect(decodeJwt(res.json().payload.access_token).sub).toBe(decodeJwt(first.value).sub);
    const jtis = both.map((res) => decodeJwt(refreshCookie(res.headers)!.value).jti);
    expect(jtis[0]).toBe(jtis[1]);
  });

  it("a browser without a cookie gets a new anonymous session from the refresh call (no refused call on a first visit)", async () => {
    const res = await refresh(BROWSER);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload.refresh_token).toBe("");
    const access = decodeJwt(res.json().payload.access_token);
    expect(access.sub).toBeUndefined();
    expect(decodeJwt(refreshCookie(res.headers)!.value).sid).toBe(access.sid);
  });

  it("an API client's refused body token still answers 401", async () => {
    const tokens = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    expect((await refresh({}, { refresh_token: tokens.refresh_token })).statusCode).toBe(200);
    const replay = await refresh({}, { refresh_token: tokens.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: "error", payload: { code: "UNAUTHORIZED" } });
  });

  it("refuses a cookie refresh from another origin, and one that is not JSON (CSRF)", async () => {
    const cookie = refreshCookie((await login(ctx.app, "demo@example.com", "demo-password-1", BROWSER)).headers)!;
    const foreign = await refresh({ ...BROWSER, ...cookieHeader(cookie.value), origin: "https://evil.example" });
    expect(foreign.statusCode).toBe(403);
    const form = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/session/update",
      headers: { ...BROWSER, ...cookieHeader(cookie.value), "content-type": "application/x-www-form-urlencoded" },
      payload: "a=b",
    });
    expect([400, 415]).toContain(form.statusCode);
    // Neither attempt spent the token: the real tab still refreshes with it.
    const own = await refresh({ ...BROWSER, ...cookieHeader(cookie.value), origin: "http://localhost:3000" });
    expect(own.statusCode).toBe(200);
  });

  it("keeps the body transport for API clients without cookies (the seed's contract)", async () => {
    const first = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    expect(decodeJwt(first.refresh_token).typ).toBe("refresh");
    const res = await refresh({}, { refresh_token: first.refresh_token });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().payload.refresh_token).typ).toBe("refresh");
  });

  it("logout ends the cookie's session (even without a bearer token) and replaces the cookie with an anonymous one", async () => {
    const cookie = refreshCookie((await login(ctx.app, "demo@example.com", "demo-password-1", BROWSER)).headers)!;
    const sid = decodeJwt(cookie.value).sid;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/authorization/logout",
      headers: { ...BROWSER, ...cookieHeader(cookie.value) },
    });
    expect(res.statusCode).toBe(200);
    expect((await sessionRow(sid))?.finished_at).not.toBeNull();
    const anonymous = refreshCookie(res.headers)!;
    expect(decodeJwt(anonymous.value).sub).toBeUndefined();
    const stale = await refresh({ ...BROWSER, ...cookieHeader(cookie.value) });
    expect(decodeJwt(stale.json().payload.access_token).sub).toBeUndefined();
  });

  it("deletes the cookies the old web app wrote with document.cookie", async () => {
    const res = await login(ctx.app, "demo@example.com", "demo-password-1", {
      ...BROWSER,
      cookie: "access_token=a.b.c; refresh_token=d.e.f",
    });
    const cleared = setCookies(res.headers).filter((c) => c.name === "access_token" || c.name === "refresh_token");
    expect(cleared.map((c) => c.name).sort()).toEqual(["access_token", "refresh_token"]);
    expect(cleared.every((c) => c.value === "")).toBe(true);
  });

  it("peekSession names the cookie's session without rotating it, and only for the current token of a live session", async () => {
    const first = refreshCookie((await login(ctx.app, "demo@example.com", "demo-password-1", BROWSER)).headers)!;
    const peeked = await peekSession(ctx.database, ctx.app.env, first.value);
    expect(peeked).toEqual({ sessionId: decodeJwt(first.value).sid, userId: decodeJwt(first.value).sub });
    // Peeking did not spend it.
    const rotated = await refresh({ ...BROWSER, ...cookieHeader(first.value) });
    expect(rotated.statusCode).toBe(200);
    expect(await peekSession(ctx.database, ctx.app.env, first.value)).toBeNull();
    expect(await peekSession(ctx.database, ctx.app.env, refreshCookie(rotated.headers)!.value)).not.toBeNull();
    expect(await peekSession(ctx.database, ctx.app.env, "not.a.token")).toBeNull();
  });
});

describe("token answers and personal answers are never cached (item 8)", () => {
  it("every answer carrying tokens sends Cache-Control: no-store", async () => {
    const created = await ctx.app.inject({ method: "POST", url: "/api/v1/session/create" });
    expect(created.headers["cache-control"]).toBe("no-store");
    const logged = await login(
      ctx.app,
      "demo@example.com",
      "demo-password-1",
      bearer(created.json().payload.access_token),
    );
    expect(logged.headers["cache-control"]).toBe("no-store");
    const tokens = logged.json().payload;
    const rotated = await refresh({}, { refresh_token: tokens.refresh_token });
    expect(rotated.headers["cache-control"]).toBe("no-store");
    const logout = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/authorization/logout",
      headers: bearer(rotated.json().payload.access_token),
    });
    expect(logout.headers["cache-control"]).toBe("no-store");
    const signup = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/signup",
      payload: { email: "no-store@example.com", password: "correct-horse-9", currency_guid: await signUpCurrency() },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.headers["cache-control"]).toBe("no-store");
  });

  it("a logged-in player's API answers (profile, wallets, sessions) are private, no-store", async () => {
    const player = await signUp(ctx.app, "private-answers@example.com");
    for (const [method, url] of [
      ["GET", "/api/v1/profile"],
      ["GET", "/api/v1/authorization/info"],
      ["POST", "/api/v1/sessions"],
    ] as const) {
      const res = await ctx.app.inject({
        method,
        url,
        headers: bearer(player.access_token),
        ...(method === "POST" ? { payload: {} } : {}),
      });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toContain("no-store");
    }
  });
});

async function signUpCurrency(): Promise<string> {
  const currencies = await ctx.app.inject({ method: "GET", url: "/api/v1/dictionary/currencies" });
  return (currencies.json().payload as { guid: string; code: string }[]).find((c) => c.code === "USD")!.guid;
}
