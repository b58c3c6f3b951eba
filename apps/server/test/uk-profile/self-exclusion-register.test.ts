import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { login, signUp } from "../identity/identity-helpers.ts";

// The national self-exclusion register (ADR 025): checked at sign-up and at login, through the HTTP
// adapter (a local server stands in for the register here) or the built-in fake, failing closed.

type Mode = "answer" | "error" | "garbage" | "hang";
const register = {
  mode: "answer" as Mode,
  listed: new Set<string>(),
  requests: [] as { auth: string | undefined; body: Record<string, unknown> }[],
};
let server: http.Server;
let registerUrl: string;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    let raw = "";
    request.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    request.on("end", () => {
      const body = JSON.parse(raw) as Record<string, unknown>;
      register.requests.push({ auth: request.headers.authorization, body });
      if (register.mode === "hang") return; // never answers: the adapter's timeout ends the wait
      if (register.mode === "error") return void response.writeHead(500).end("down");
      if (register.mode === "garbage")
        return void response.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok"}');
      const excluded = register.listed.has(String(body.email).toLowerCase());
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ excluded }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  registerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/check`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const email = (name: string) => `${name}-${randomUUID()}@example.com`;

/** POST /signup as the form sends it (signUp in identity-helpers throws on anything but 200). */
async function trySignUp(app: TestContext["app"], address: string, extra: Record<string, unknown> = {}) {
  const currencies = await app.inject({ method: "GET", url: "/api/v1/dictionary/currencies" });
  const usd = (currencies.json().payload as { guid: string; code: string }[]).find((c) => c.code === "USD")!;
  return app.inject({
    method: "POST",
    url: "/api/v1/signup",
    payload: { email: address, password: "correct-horse-9", currency_guid: usd.guid, ...extra },
  });
}

describe("the HTTP register (a configured URL applies under any profile)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      SELF_EXCLUSION_REGISTER_URL: registerUrl,
      SELF_EXCLUSION_REGISTER_TOKEN: "register-token",
      SELF_EXCLUSION_REGISTER_TIMEOUT_MS: "300",
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });
  beforeEach(() => {
    register.mode = "answer";
    register.requests.length = 0;
  });

  const usersWith = async (address: string) =>
    (await ctx.database.query<{ n: number }>("SELECT count(*)::int AS n FROM users WHERE email = $1", [address]))[0]!.n;

  it("refuses a listed person at sign-up and stores nothing; asks with the person's details and the token", async () => {
    const listed = email("listed");
    register.listed.add(listed);
    const res = await trySignUp(ctx.app, listed, { first_name: "Ann", last_name: "Lee", birthday: "1990-04-02" });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ payload: { code: "PLAYER_BLOCKED" } });
    expect(res.json().payload.message).toMatch(/self-exclusion scheme/);
    expect(await usersWith(listed)).toBe(0);
    expect(register.requests).toEqual([
      {
        auth: "Bearer register-token",
        body: {
          email: listed,
          first_name: "Ann",
          last_name: "Lee",
          date_of_birth: "1990-04-02",
          postcode: null,
          mobile: null,
        },
      },
    ]);
  });

  it.each<Mode>(["error", "garbage", "hang"])(
    "fails closed at sign-up when the register gives no answer (%s)",
    async (mode) => {
      register.mode = mode;
      const address = email(`closed-${mode}`);
      const res = await trySignUp(ctx.app, address);
      expect(res.statusCode).toBe(503);
      expect(res.json().payload.message).toMatch(
        /cannot verify your details with the national self-exclusion register.*try again later/,
      );
      expect(await usersWith(address)).toBe(0);
    },
  );

  it("checks at login: listed later refuses, no answer refuses, not listed lets in", async () => {
    const address = email("later");
    await signUp(ctx.app, address);
    register.listed.add(address);
    const listed = await login(ctx.app, address, "correct-horse-9");
    expect(listed.statusCode).toBe(403);
    expect(listed.json().payload.message).toMatch(/cannot log in while that registration lasts/);
    register.mode = "error";
    expect((await login(ctx.app, address, "correct-horse-9")).statusCode).toBe(503);
    register.mode = "answer";
    register.listed.delete(address);
    expect((await login(ctx.app, address, "correct-horse-9")).statusCode).toBe(200);
    expect(register.requests.map((r) => r.body.email)).toEqual([address, address, address, address]);
  });

  it("at a token refresh, no answer keeps the session (checked at login) but a listing ends it", async () => {
    const address = email("refresh");
    const { refresh_token } = await signUp(ctx.app, address);
    const refresh = (token: string) =>
      ctx.app.inject({ method: "POST", url: "/api/v1/session/update", payload: { refresh_token: token } });
    register.mode = "error";
    const kept = await refresh(refresh_token);
    expect(kept.statusCode, kept.body).toBe(200);
    register.mode = "answer";
    register.listed.add(address);
    const ended = await refresh(kept.json().payload.refresh_token);
    expect(ended.statusCode).toBe(403);
    expect(ended.json().payload.message).toMatch(/cannot log in while that registration lasts/);
  });
});

describe("the built-in fake (gb profile, no URL, outside production)", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({
      JURISDICTION: "gb",
      SELF_EXCLUSION_REGISTER_FAKE_LISTED: "fake-listed@example.com, other@example.com",
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("refuses the addresses it lists, in any case, and lets others sign up", async () => {
    const res = await trySignUp(ctx.app, "Fake-Listed@example.com");
    expect(res.statusCode).toBe(403);
    expect((await signUp(ctx.app, email("free"))).profile.id).toBeTruthy();
  });
});

describe("configuration", () => {
  it("refuses production under gb without a register URL; no profile without one needs it", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40) };
    expect(() => loadEnv({ ...production, JURISDICTION: "gb" })).toThrow(/SELF_EXCLUSION_REGISTER_URL/);
    expect(() => loadEnv({ ...production, JURISDICTION: "mt" })).not.toThrow(/SELF_EXCLUSION_REGISTER_URL/);
  });

  it("requires a verified identity for deposits under gb whatever DEPOSIT_REQUIRES_KYC says", () => {
    expect(loadEnv({ NODE_ENV: "test", JURISDICTION: "gb", DEPOSIT_REQUIRES_KYC: "false" }).DEPOSIT_REQUIRES_KYC).toBe(
      true,
    );
    expect(loadEnv({ NODE_ENV: "test", JURISDICTION: "none" }).DEPOSIT_REQUIRES_KYC).toBe(false);
  });
});
