import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { mailedLink, signUp } from "./identity-helpers.ts";

// Issue #13 item 9: wrong passwords from invented or rotated addresses must still lock the account,
// and TRUST_PROXY must never believe an X-Forwarded-For the client wrote itself.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ LOGIN_ACCOUNT_MAX_FAILURES: "15", LOGIN_IP_MAX_FAILURES: "1000" }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

const loginFrom = (email: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: "/api/v1/authorization/login", payload: { email, password }, remoteAddress, headers });

describe("the per-account limit across addresses", () => {
  it("pauses password login after 15 failures from 15 addresses, right password included", async () => {
    await signUp(ctx.app, "spread@example.com", "spread-pass-123");
    const answers: number[] = [];
    for (let i = 1; i <= 15; i++) answers.push((await loginFrom("spread@example.com", `wrong-${i}`, `198.51.100.${i}`)).statusCode);
    expect(answers.slice(0, 14).every((status) => status === 400)).toBe(true);
    expect(answers[14]).toBe(429);

    const right = await loginFrom("Spread@Example.com", "spread-pass-123", "192.0.2.77");
    expect(right.statusCode).toBe(429);
    expect(right.json().payload).toMatchObject({ code: "RATE_LIMITED" });
    expect(right.json().payload.message).toMatch(/Email me a login code/);
    expect(right.json().payload.message).toMatch(/in 30 minutes/);
  });

  it("lets the owner in with a mailed code, which lifts the pause for the password too", async () => {
    const request = await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/request-login-code", payload: { email: "spread@example.com" }, remoteAddress: "192.0.2.77" });
    expect(request.statusCode).toBe(200);
    const code = (await mailedLink(ctx.app, "spread@example.com", /login link/)).searchParams.get("magic_link")!;
    const byCode = await ctx.app.inject({ method: "POST", url: "/api/v1/authorization/code-login", payload: { token: code }, remoteAddress: "192.0.2.77" });
    expect(byCode.statusCode).toBe(200);
    expect((await loginFrom("spread@example.com", "spread-pass-123", "192.0.2.77")).statusCode).toBe(200);
  });

  it("counts unknown addresses the same way, so the pause does not reveal which accounts exist", async () => {
    for (let i = 1; i <= 14; i++) expect((await loginFrom("nobody-lives-here@example.com", `x-${i}`, `203.0.113.${i}`)).statusCode).toBe(400);
    const fifteenth = await loginFrom("nobody-lives-here@example.com", "x-15", "203.0.113.15");
    expect(fifteenth.statusCode).toBe(429);
    expect(fifteenth.json().payload.message).toMatch(/Email me a login code/);
  });
});

describe("TRUST_PROXY", () => {
  it("refuses true and takes a hop count or proxy addresses", () => {
    expect(() => loadEnv({ TRUST_PROXY: "true" })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: "11" })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => loadEnv({ TRUST_PROXY: "proxy.example.com" })).toThrow(/TRUST_PROXY/);
    expect(loadEnv({ TRUST_PROXY: "false" }).TRUST_PROXY).toBe(false);
    expect(loadEnv({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8, 2001:db8::/32,loopback" }).TRUST_PROXY).toEqual(["10.0.0.0/8", "2001:db8::/32", "loopback"]);
  });

  for (const setting of ["1", "10.0.0.0/8"]) {
    it(`with TRUST_PROXY=${setting}, invented X-Forwarded-For entries do not escape the per-address lock`, async () => {
      const proxied = await buildTestApp({ TRUST_PROXY: setting, LOGIN_IP_MAX_FAILURES: "1000" }, { demo: true });
      try {
        await signUp(proxied.app, "proxied@example.com", "proxied-pass-123");
        const statuses: number[] = [];
        for (let i = 1; i <= 10; i++) {
          // The client writes its own X-Forwarded-For; the proxy (10.0.0.5) appends the real address.
          const res = await proxied.app.inject({
            method: "POST",
            url: "/api/v1/authorization/login",
            payload: { email: "proxied@example.com", password: `wrong-${i}` },
            remoteAddress: "10.0.0.5",
            headers: { "x-forwarded-for": `203.0.113.${i}, 198.51.100.200` },
          });
          statuses.push(res.statusCode);
        }
        expect(statuses.slice(0, 9).every((status) => status === 400)).toBe(true);
        expect(statuses[9]).toBe(429);
        const rows = await proxied.database.query<{ key: string }>("SELECT key FROM login_attempts WHERE key LIKE 'login:proxied@example.com|%'");
        expect(rows.map((row) => row.key)).toEqual(["login:proxied@example.com|198.51.100.200"]);
      } finally {
        await proxied.close();
      }
    });
  }
});
