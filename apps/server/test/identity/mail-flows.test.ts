import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, createSession, decodeJwt, login, mailedLink, outbox, signUp } from "./identity-helpers.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PUBLIC_URL: "http://casino.test" }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: `/api/v1${url}`, payload: payload as object, headers });

describe("email approval", () => {
  it("mails /?token=… at sign-up; verify approves once", async () => {
    const player = await signUp(ctx.app, "approve@example.com");
    expect(player.profile).toMatchObject({ email_approved: false });
    const link = await mailedLink(ctx.app, "approve@example.com", /Confirm your email/);
    expect(link.origin + link.pathname).toBe("http://casino.test/");
    const token = link.searchParams.get("token")!;
    expect((await post("/signup/verify", { token })).statusCode).toBe(200);
    const profile = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(player.access_token) });
    expect(profile.json().payload.email_approved).toBe(true);
    expect(profile.json().payload.email_approved_at).toMatch(/Z$/);
    const again = await post("/signup/verify", { token });
    expect(again.statusCode).toBe(400);
    expect((await post("/signup/verify", {})).statusCode).toBe(400);
  });

  it("/signup/request resends for unapproved accounts and answers the same for unknown ones", async () => {
    await signUp(ctx.app, "resend@example.com");
    const before = (await outbox(ctx.app, "resend@example.com")).length;
    const known = await post("/signup/request", { email: "resend@example.com", redirect_url: "http://casino.test/deposit" });
    const unknown = await post("/signup/request", { email: "ghost@example.com" });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json().payload).toEqual(unknown.json().payload);
    expect((await outbox(ctx.app, "resend@example.com")).length).toBe(before + 1);
    expect((await mailedLink(ctx.app, "resend@example.com", /Confirm/)).pathname).toBe("/deposit");
    expect(await outbox(ctx.app, "ghost@example.com")).toEqual([]);
  });
});

describe("magic link and login code", () => {
  it("mails /?magic_link=CODE and the code; the code logs in once in a new session", async () => {
    const anon = await createSession(ctx.app);
    const res = await post("/authorization/request-login-code", { email: "demo@example.com", currency_guid: null, b_tag: "aff-1" });
    expect(res.statusCode).toBe(200);
    const link = await mailedLink(ctx.app, "demo@example.com", /login link/);
    const code = link.searchParams.get("magic_link")!;
    expect(code).toMatch(/^[0-9A-Z]{10}$/);
    const [mail] = await outbox(ctx.app, "demo@example.com");
    expect(mail!.text).toContain(`Your login code is ${code}`);
    const loggedIn = await post("/authorization/code-login", { token: code.toLowerCase() }, bearer(anon.payload.access_token));
    expect(loggedIn.statusCode).toBe(200);
    const access = decodeJwt(loggedIn.json().payload.access_token);
    // A login starts a new session; the anonymous one ends (issue #13, item 6).
    expect(access.sid).not.toBe(decodeJwt(anon.payload.access_token).sid);
    expect(access.sub).toBeTruthy();
    const reuse = await post("/authorization/code-login", { token: code });
    expect(reuse.statusCode).toBe(400);
  });

  it("gives unknown addresses the same answer and no code", async () => {
    const known = await post("/authorization/request-login-code", { email: "demo@example.com" });
    const unknown = await post("/authorization/request-login-code", { email: "stranger@example.com" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json().payload).toEqual(known.json().payload);
    const [mail] = await outbox(ctx.app, "stranger@example.com");
    expect(mail!.text).toContain("no active account");
    expect(mail!.text).not.toMatch(/magic_link/);
  });

  it("kills a code after 5 wrong attempts tied to its email, and expires codes", async () => {
    await post("/authorization/request-login-code", { email: "demo@example.com" }, {});
    const code = (await mailedLink(ctx.app, "demo@example.com", /login link/)).searchParams.get("magic_link")!;
    for (let i = 0; i < 5; i++) {
      const res = await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/code-login", payload: { token: "AAAAAAAAAA", email: "demo@example.com" }, remoteAddress: `192.0.2.${i + 10}` });
      expect(res.statusCode).toBe(400);
    }
    expect((await post("/authorization/code-login", { token: code })).statusCode).toBe(400);

    await post("/authorization/request-login-code", { email: "demo@example.com" });
    const fresh = (await mailedLink(ctx.app, "demo@example.com", /login link/)).searchParams.get("magic_link")!;
    await ctx.database.query("UPDATE auth_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'magic_link' AND used_at IS NULL");
    expect((await post("/authorization/code-login", { token: fresh })).statusCode).toBe(400);
  });

  it("locks an IP after 10 wrong codes", async () => {
    let last = 0;
    for (let i = 0; i < 10; i++) {
      const res = await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/code-login", payload: { token: `WRONG${i}CODE` }, remoteAddress: "192.0.2.99" });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it("limits how many mails one address can trigger", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await ctx.app.inject({ method: "POST", url: "/api/v1/password/token", payload: { email: "flood@example.com" }, remoteAddress: "192.0.2.200" })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("password recovery and change", () => {
  it("mails ?modal=setNewPassword&token=…; reset works once and ends every session", async () => {
    const player = await signUp(ctx.app, "forgot@example.com", "first-pass-123");
    expect((await post("/password/token", { email: "forgot@example.com", redirect_url: "https://evil.example/phish" })).statusCode).toBe(200);
    const link = await mailedLink(ctx.app, "forgot@example.com", /Reset your password/);
    expect(link.origin).toBe("http://casino.test");
    expect(link.searchParams.get("modal")).toBe("setNewPassword");
    const token = link.searchParams.get("token")!;
    const weak = await post("/password/reset", { token, new_password: "password1" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().payload.fields[0]).toMatchObject({ field: "body.new_password" });
    expect((await post("/password/reset", { token, new_password: "second-pass-456" })).statusCode).toBe(200);
    expect((await post("/password/reset", { token, new_password: "third-pass-789" })).statusCode).toBe(400);
    expect((await login(ctx.app, "forgot@example.com", "first-pass-123")).statusCode).toBe(400);
    expect((await login(ctx.app, "forgot@example.com", "second-pass-456")).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(player.access_token) })).statusCode).toBe(401);
  });

  it("expires reset tokens after an hour and answers unknown emails the same", async () => {
    await signUp(ctx.app, "expired@example.com", "first-pass-123");
    const known = await post("/password/token", { email: "expired@example.com" });
    const unknown = await post("/password/token", { email: "nobody-at-all@example.com" });
    expect(known.json().payload).toEqual(unknown.json().payload);
    const token = (await mailedLink(ctx.app, "expired@example.com", /Reset/)).searchParams.get("token")!;
    await ctx.database.query("UPDATE auth_tokens SET expires_at = created_at + interval '60 minutes' - interval '1 hour 1 second' WHERE purpose = 'password_reset'");
    const res = await post("/password/reset", { token, new_password: "second-pass-456" });
    expect(res.statusCode).toBe(400);
    expect(res.json().payload.message).toMatch(/expired/);
  });

  it("/password/update checks the current password and ends the other sessions only", async () => {
    const first = await signUp(ctx.app, "change@example.com", "first-pass-123");
    const second = (await login(ctx.app, "change@example.com", "first-pass-123")).json().payload;
    const wrong = await post("/password/update", { current_password: "nope-nope-1", new_password: "second-pass-456" }, bearer(second.access_token));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().payload.fields).toEqual([{ field: "body.current_password", message: "is wrong" }]);
    const asEmail = await post("/password/update", { current_password: "first-pass-123", new_password: "change@example.com" }, bearer(second.access_token));
    expect(asEmail.json().payload.fields[0].message).toMatch(/email/);
    const ok = await post("/password/update", { current_password: "first-pass-123", new_password: "second-pass-456" }, bearer(second.access_token));
    expect(ok.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(first.access_token) })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: bearer(second.access_token) })).statusCode).toBe(200);
    expect((await post("/password/update", { current_password: "x", new_password: "y" })).statusCode).toBe(401);
  });
});

describe("dev outbox", () => {
  it("serves an HTML page", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/dev/outbox" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/html");
    expect(res.body).toContain("Dev outbox");
    expect(res.body).toContain("demo@example.com");
  });

  it("does not exist in production", async () => {
    const prod = await buildTestApp({
      NODE_ENV: "production",
      JWT_SECRET: "a-production-secret-of-at-least-32-chars",
      PROVIDER_HOUSE_SECRET: "production-house-secret",
      STAFF_SECRET_KEY: "a-production-staff-key-of-at-least-32-chars",
      DOCUMENTS_KEY: "d".repeat(64),
    });
    try {
      expect((await prod.app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: "GET", url: "/dev/oidc/authorize" })).statusCode).toBe(404);
      const redirect = await prod.app.inject({ method: "GET", url: "/api/v1/authorization/provider-redirect?provider=dev" });
      expect(redirect.statusCode).toBe(400);
    } finally {
      await prod.close();
    }
  });
});
