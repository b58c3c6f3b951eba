import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, createSession, decodeJwt, login, signUp } from "./identity-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ TRUST_PROXY: "loopback", COUNTRY_HEADER: "CF-IPCountry" }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

const secret = new TextEncoder().encode("dev-only-jwt-secret-change-me-0123456789abcdef");

describe("anonymous sessions", () => {
  it("creates a session with sid and no user, and the project's default country", async () => {
    const { payload, metadata } = await createSession(ctx.app, { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", "window-size": "390*844" });
    const access = decodeJwt(payload.access_token);
    expect(access).toMatchObject({ typ: "access", iss: "croupier", aud: "croupier-player" });
    expect(access.sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(access.sub).toBeUndefined();
    expect((access.exp as number) - (access.iat as number)).toBe(900);
    const refresh = decodeJwt(payload.refresh_token);
    expect(refresh).toMatchObject({ typ: "refresh", sid: access.sid });
    expect((refresh.exp as number) - (refresh.iat as number)).toBeGreaterThan(29 * 86_400);
    expect(metadata.country_code).toBe("US");
    const [row] = await ctx.database.query<Record<string, string>>("SELECT * FROM sessions WHERE guid = $1", [access.sid]);
    expect(row).toMatchObject({ device: "mobile", os_name: "iOS", browser_name: "Mobile Safari", window_size: "390*844", user_guid: null, country: "US" });
  });

  it("takes the country from the trusted proxy header", async () => {
    const { metadata } = await createSession(ctx.app, { "cf-ipcountry": "gb" });
    expect(metadata.country_code).toBe("GB");
    const unknown = await createSession(ctx.app, { "cf-ipcountry": "XX" });
    expect(unknown.metadata.country_code).toBe("US");
  });

  it("ignores the country header from a peer that is not one of the trusted proxies", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/session/create", headers: { "cf-ipcountry": "GB" }, remoteAddress: "203.0.113.50" });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata.country_code).toBe("US");
  });

  it("ignores the country header when no proxy is trusted", async () => {
    const other = await buildTestApp({ COUNTRY_HEADER: "CF-IPCountry" });
    try {
      const { metadata } = await createSession(other.app, { "cf-ipcountry": "GB" });
      expect(metadata.country_code).toBe("US");
    } finally {
      await other.close();
    }
  });
});

describe("login and refresh rotation", () => {
  it("starts a new session on login (the anonymous one ends) and carries the user id", async () => {
    const anon = await createSession(ctx.app);
    const anonSid = decodeJwt(anon.payload.access_token).sid;
    const res = await login(ctx.app, "demo@example.com", "demo-password-1", { ...bearer(anon.payload.access_token), "window-size": "1920*1080" });
    expect(res.statusCode).toBe(200);
    const access = decodeJwt(res.json().payload.access_token);
    expect(access.sid).not.toBe(anonSid);
    expect(access.sub).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await ctx.database.query<{ user_guid: string; window_size: string }>("SELECT user_guid, window_size FROM sessions WHERE guid = $1", [access.sid]);
    expect(row).toEqual({ user_guid: access.sub, window_size: "1920*1080" });
    const [anonRow] = await ctx.database.query<{ user_guid: string | null; finish_reason: string }>("SELECT user_guid, finish_reason FROM sessions WHERE guid = $1", [anonSid]);
    expect(anonRow).toEqual({ user_guid: null, finish_reason: "login" });
  });

  it("rotates refresh tokens; reusing an old one revokes the whole session", async () => {
    const first = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    const second = await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: first.refresh_token } });
    expect(second.statusCode).toBe(200);
    const rotated = second.json().payload;
    expect(rotated.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(rotated.refresh_token).exp).toBe(decodeJwt(first.refresh_token).exp);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/authorization/info", headers: bearer(rotated.access_token) })).statusCode).toBe(200);

    const replay = await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: first.refresh_token } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ status: "error", payload: { code: "UNAUTHORIZED" } });
    // The thief's replay also killed the legitimate holder's tokens.
    const after = await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: rotated.refresh_token } });
    expect(after.statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/authorization/info", headers: bearer(rotated.access_token) })).statusCode).toBe(401);
  });

  it("lets exactly one of two concurrent refreshes with the same token win", async () => {
    const first = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    const results = await Promise.all(
      [1, 2].map(() => ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: first.refresh_token } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("rejects tampered, alg none, expired, wrong-key, wrong-audience and refresh-as-access tokens with 401", async () => {
    const good = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    const claims = decodeJwt(good.access_token);
    const [h, p, s] = good.access_token.split(".");
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: "00000000-0000-4000-8000-000000000000" })).toString("base64url")}.${s}`;
    const none = `${Buffer.from(JSON.stringify({ alg: "none", typ: "JWT" })).toString("base64url")}.${p}.`;
    const sign = (payload: Record<string, unknown>, key = secret) => new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(key);
    const now = Math.floor(Date.now() / 1000);
    const expired = await sign({ ...claims, iat: now - 2000, exp: now - 1000 });
    const wrongKey = await sign(claims, new TextEncoder().encode("another-secret-of-at-least-32-characters!!"));
    const wrongAud = await sign({ ...claims, aud: "someone-else" });
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).sign(secret);
    for (const token of [tampered, none, expired, wrongKey, wrongAud, hs512, good.refresh_token, "garbage.token.here"]) {
      const res = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(token) });
      expect(res.statusCode, token).toBe(401);
      expect(res.json()).toMatchObject({ status: "error", payload: { code: "UNAUTHORIZED" } });
    }
    const expiredRes = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(expired) });
    expect(expiredRes.json().payload.message).toMatch(/expired/);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(good.access_token) })).statusCode).toBe(200);
  });

  it("logout ends the session and hands out a fresh anonymous one", async () => {
    const tokens = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/logout", headers: bearer(tokens.access_token) });
    expect(res.statusCode).toBe(200);
    expect(decodeJwt(res.json().payload.access_token).sub).toBeUndefined();
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(tokens.access_token) })).statusCode).toBe(401);
    const refresh = await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: tokens.refresh_token } });
    expect(refresh.statusCode).toBe(401);
  });

  it("validates the refresh body; without a token in the body or the cookie the answer is a new anonymous session", async () => {
    const bad = await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: 42 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().payload.fields[0].field).toBe("body.refresh_token");
    const none = await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: {} });
    expect(none.statusCode).toBe(200);
    expect(decodeJwt(none.json().payload.access_token).sub).toBeUndefined();
  });
});

describe("session logs and terminate", () => {
  it("shows a player only their own sessions, and staff may search", async () => {
    const alice = await signUp(ctx.app, "alice-sessions@example.com");
    const bob = await signUp(ctx.app, "bob-sessions@example.com");
    const aliceSid = decodeJwt(alice.access_token).sid as string;
    const bobSid = decodeJwt(bob.access_token).sid as string;
    const own = await ctx.app.inject({ method: "POST", url: "/api/v1/sessions", headers: bearer(alice.access_token), payload: {} });
    expect(own.statusCode).toBe(200);
    expect(own.json().payload.map((s: { guid: string }) => s.guid)).toEqual([aliceSid]);
    expect(own.json().metadata).toMatchObject({ page: 1, per_page: 20, total: 1 });
    for (const payload of [{ guid: bobSid }, { user_guid: bob.profile.id }, { user_email: "bob-sessions@example.com" }]) {
      const probe = await ctx.app.inject({ method: "POST", url: "/api/v1/sessions", headers: bearer(alice.access_token), payload });
      expect(probe.json().payload).toEqual([]);
    }
    await ctx.database.query("UPDATE users SET is_admin = true WHERE guid = $1", [alice.profile.id]);
    const staff = await ctx.app.inject({ method: "POST", url: "/api/v1/sessions", headers: bearer(alice.access_token), payload: { user_email: "bob-sessions@example.com" } });
    expect(staff.json().payload.map((s: { guid: string }) => s.guid)).toEqual([bobSid]);
    const bad = await ctx.app.inject({ method: "POST", url: "/api/v1/sessions", headers: bearer(alice.access_token), payload: { per_page: 100000 } });
    expect(bad.statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: "POST", url: "/api/v1/sessions", payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it("terminate ends every other session and writes session_closed events", async () => {
    const a = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    const b = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/session/terminate", headers: bearer(b.access_token) });
    expect(res.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(a.access_token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(b.access_token) })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: a.refresh_token } })).statusCode).toBe(401);
    const aSid = decodeJwt(a.access_token).sid;
    const events = await ctx.database.query<{ payload: { session_id: string } }>(
      "SELECT payload FROM outbox_events WHERE type = 'session_closed' AND session_guid = $1",
      [aSid],
    );
    expect(events.map((e) => e.payload.session_id)).toEqual([aSid]);
  });

  it("issues a 60-second websocket token that verifyWssToken accepts", async () => {
    const { verifyWssToken } = await import("../../src/modules/identity/verify-wss-token.ts");
    const t = (await login(ctx.app, "demo@example.com", "demo-password-1")).json().payload;
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/wss-token", headers: bearer(t.access_token) });
    const token = res.json().payload.token as string;
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({ typ: "wss", sid: decodeJwt(t.access_token).sid, sub: decodeJwt(t.access_token).sub });
    expect((claims.exp as number) - (claims.iat as number)).toBe(60);
    await expect(verifyWssToken(token, { env: ctx.app.env, database: ctx.database })).resolves.toEqual({
      userId: claims.sub,
      sessionId: claims.sid,
    });
    await expect(verifyWssToken(t.access_token, { env: ctx.app.env })).rejects.toThrow();
    await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/logout", headers: bearer(t.access_token) });
    await expect(verifyWssToken(token, { env: ctx.app.env, database: ctx.database })).rejects.toThrow(/ended/);
    const anon = await createSession(ctx.app);
    expect((await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/wss-token", headers: bearer(anon.payload.access_token) })).statusCode).toBe(401);
  });
});
