import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../../src/app.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, createSession, decodeJwt, login, signUp } from "./identity-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: "http://casino.test" });
});
afterAll(async () => {
  await ctx?.close();
});

/** Walks the development provider like a browser: redirect → authorize page → approve → back to the app. */
async function providerRoundTrip(app: App, email: string, options: { verified?: boolean; headers?: Record<string, string> } = {}) {
  const start = await app.inject({ method: "GET", url: "/api/v1/authorization/provider-redirect?provider=dev&b_tag=oidc-aff" });
  expect(start.statusCode).toBe(200);
  const authorize = new URL(start.json().payload.redirect_url);
  expect(authorize.origin + authorize.pathname).toBe("http://casino.test/dev/oidc/authorize");
  expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
  const page = await app.inject({ method: "GET", url: authorize.pathname + authorize.search });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('action="/dev/oidc/approve"');
  const approve = new URLSearchParams(authorize.search);
  approve.set("email", email);
  approve.set("name", "Oidc Tester");
  approve.set("email_verified", options.verified === false ? "false" : "true");
  const back = await app.inject({ method: "GET", url: `/dev/oidc/approve?${approve}` });
  expect(back.statusCode).toBe(302);
  const returned = new URL(back.headers.location as string);
  expect(returned.origin + returned.pathname).toBe("http://casino.test/");
  const q = new URLSearchParams({ provider: "dev", ...Object.fromEntries(returned.searchParams) });
  return { query: q, login: () => app.inject({ method: "POST", url: `/api/v1/authorization/provider-login?${q}`, headers: options.headers }) };
}

describe("identity-provider login (development provider)", () => {
  it("runs the whole redirect flow and creates an account with the provider's verified email", async () => {
    const anon = await createSession(ctx.app);
    const trip = await providerRoundTrip(ctx.app, "oidc-new@example.com", { headers: bearer(anon.payload.access_token) });
    expect([...trip.query.keys()]).toEqual(expect.arrayContaining(["state", "code", "scope", "authuser", "prompt"]));
    const res = await trip.login();
    expect(res.statusCode).toBe(200);
    const access = decodeJwt(res.json().payload.access_token);
    // A login starts a new session; the anonymous one ends (issue #13, item 6).
    expect(access.sid).not.toBe(decodeJwt(anon.payload.access_token).sid);
    const [anonRow] = await ctx.database.query<{ finish_reason: string | null }>("SELECT finish_reason FROM sessions WHERE guid = $1", [
      decodeJwt(anon.payload.access_token).sid,
    ]);
    expect(anonRow?.finish_reason).toBe("login");
    const profile = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(res.json().payload.access_token) });
    expect(profile.json().payload).toMatchObject({ email: "oidc-new@example.com", email_approved: true, passwordless: true, login_type: "provider", first_name: "Oidc", last_name: "Tester" });
    const [row] = await ctx.database.query<{ b_tag: string }>("SELECT b_tag FROM users WHERE email = 'oidc-new@example.com'");
    expect(row!.b_tag).toBe("oidc-aff");
    // The state is single use.
    expect((await trip.login()).statusCode).toBe(400);
    // The same provider account logs into the same user next time.
    const again = await (await providerRoundTrip(ctx.app, "oidc-new@example.com")).login();
    expect(decodeJwt(again.json().payload.access_token).sub).toBe(access.sub);
  });

  it("links a verified matching email to the existing account, refuses an unverified one", async () => {
    const existing = await signUp(ctx.app, "oidc-existing@example.com", "existing-pass-1");
    const unverified = await (await providerRoundTrip(ctx.app, "oidc-existing@example.com", { verified: false })).login();
    expect(unverified.statusCode).toBe(409);
    const verified = await (await providerRoundTrip(ctx.app, "oidc-existing@example.com")).login();
    expect(verified.statusCode).toBe(200);
    expect(decodeJwt(verified.json().payload.access_token).sub).toBe(existing.profile.id);
    expect((await login(ctx.app, "oidc-existing@example.com", "existing-pass-1")).statusCode).toBe(200);
  });

  it("refuses a forged state, a swapped code, an unknown provider and missing parameters", async () => {
    const trip = await providerRoundTrip(ctx.app, "oidc-forged@example.com");
    const forged = new URLSearchParams(trip.query);
    forged.set("state", "x".repeat(43));
    expect((await ctx.app.inject({ method: "POST", url: `/api/v1/authorization/provider-login?${forged}` })).statusCode).toBe(400);
    const wrongCode = new URLSearchParams(trip.query);
    wrongCode.set("code", "not-the-code");
    expect((await ctx.app.inject({ method: "POST", url: `/api/v1/authorization/provider-login?${wrongCode}` })).statusCode).toBe(400);
    const unknown = await ctx.app.inject({ method: "GET", url: "/api/v1/authorization/provider-redirect?provider=nope" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().payload.fields[0].field).toBe("query.provider");
    const missing = await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/provider-login?provider=dev" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.fields.map((f: { field: string }) => f.field)).toEqual(expect.arrayContaining(["query.state", "query.code"]));
  });

  it("checks the PKCE verifier at the token endpoint", async () => {
    const start = await ctx.app.inject({ method: "GET", url: "/api/v1/authorization/provider-redirect?provider=dev" });
    const authorize = new URL(start.json().payload.redirect_url);
    const approve = new URLSearchParams(authorize.search);
    approve.set("email", "pkce@example.com");
    const back = new URL((await ctx.app.inject({ method: "GET", url: `/dev/oidc/approve?${approve}` })).headers.location as string);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/dev/oidc/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code")!,
        redirect_uri: "http://casino.test/",
        code_verifier: "w".repeat(64),
        client_id: "croupier-dev",
        client_secret: "croupier-dev-secret",
      }).toString(),
    });
    expect(res.statusCode).toBe(400);
  });
});

describe("captcha", () => {
  let server: http.Server;
  let url: string;
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        const form = new URLSearchParams(body);
        seen.push(body);
        const ok = form.get("secret") === "test-secret" && form.get("response") === "human";
        res.setHeader("content-type", "application/json");
        res.end(JSON.stringify(ok ? { success: true, score: 0.9 } : { success: false, "error-codes": ["invalid-input-response"] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("is off by default and serves no site key", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/authorization/recaptcha" });
    expect(res.json().payload).toEqual({ enabled: false, site_key: null });
  });

  it("when on, login, sign-up and password token need an answer the siteverify server accepts", async () => {
    const on = await buildTestApp({ CAPTCHA_ENABLED: "true", RECAPTCHA_SITE_KEY: "site-key-1", RECAPTCHA_SECRET: "test-secret", RECAPTCHA_VERIFY_URL: url }, { demo: true });
    try {
      expect((await on.app.inject({ method: "GET", url: "/api/v1/authorization/recaptcha" })).json().payload).toEqual({ enabled: true, site_key: "site-key-1" });
      const creds = { email: "demo@example.com", password: "demo-password-1" };
      const missing = await on.app.inject({ method: "POST", url: "/api/v1/authorization/login", payload: creds });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().payload.fields[0].field).toBe("headers.x-captcha-response");
      const bot = await on.app.inject({ method: "POST", url: "/api/v1/authorization/login", payload: creds, headers: { "x-captcha-response": "bot" } });
      expect(bot.statusCode).toBe(400);
      const human = await on.app.inject({ method: "POST", url: "/api/v1/authorization/login", payload: creds, headers: { "x-captcha-response": "human" } });
      expect(human.statusCode).toBe(200);
      expect(seen.some((b) => b.includes("remoteip="))).toBe(true);
      const signup = await on.app.inject({ method: "POST", url: "/api/v1/signup", payload: { email: "cap@example.com", password: "captcha-pass-1" } });
      expect(signup.statusCode).toBe(400);
      const token = await on.app.inject({ method: "POST", url: "/api/v1/password/token", payload: { email: "demo@example.com" } });
      expect(token.statusCode).toBe(400);
      expect((await on.app.inject({ method: "POST", url: "/api/v1/password/token", payload: { email: "demo@example.com" }, headers: { "x-captcha-response": "human" } })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });

  it("fails closed when the verifier is unreachable", async () => {
    const { recaptchaVerifier } = await import("../../src/modules/identity/authorization/captcha.ts");
    const verify = recaptchaVerifier({ RECAPTCHA_SECRET: "test-secret", RECAPTCHA_VERIFY_URL: "http://127.0.0.1:9/nothing", RECAPTCHA_MIN_SCORE: 0.5 });
    expect(await verify("human", null)).toBe(false);
    expect(await recaptchaVerifier({ RECAPTCHA_SECRET: "test-secret", RECAPTCHA_VERIFY_URL: url, RECAPTCHA_MIN_SCORE: 0.95 })("human", null)).toBe(false);
  });
});
