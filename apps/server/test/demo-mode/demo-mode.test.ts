import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { buildApp } from "../../src/app.ts";
import { loadEnv } from "../../src/env.ts";
import { demoModeWarning } from "../../src/lib/demo-mode-warning.ts";
import { isLoopbackHost } from "../../src/lib/loopback-host.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";

// Issue #13 items 14 and 15: the development-only routes (sign in as anyone, everyone's mail, free money,
// the sandbox PSP) exist only in demo mode, which production and reachable hosts refuse, and which the
// server announces loudly at boot.

const PROD = { NODE_ENV: "production", JWT_SECRET: "p".repeat(40), PROVIDER_HOUSE_SECRET: "h".repeat(20), STAFF_SECRET_KEY: "s".repeat(40), DOCUMENTS_KEY: "d".repeat(64) };

/** Every development-only route, with a request that reaches it when it exists. */
async function devRouteStatuses(t: TestContext) {
  const player = await signUp(t.app, `demo-mode-${randomUUID()}@example.com`);
  const usd = (await t.database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'"))[0]!.guid;
  const get = async (url: string) => (await t.app.inject({ method: "GET", url })).statusCode;
  return {
    outbox: await get("/dev/outbox"),
    outboxJson: await get("/dev/outbox.json"),
    oidc: await get(
      "/dev/oidc/authorize?client_id=croupier-dev&redirect_uri=http%3A%2F%2Flocalhost%2F&state=s&response_type=code&scope=openid",
    ),
    sandboxHome: await get("/sandbox-psp"),
    sandboxCrypto: await get("/sandbox-psp/crypto"),
    testDeposit: (
      await t.app.inject({
        method: "POST",
        url: "/api/v1/billing/deposit/test",
        headers: bearer(player.access_token),
        payload: { amount: "100", currency_guid: usd },
      })
    ).statusCode,
  };
}

describe("development-only routes", () => {
  let off: TestContext;
  let on: TestContext;
  beforeAll(async () => {
    [off, on] = await Promise.all([
      buildTestApp({ NODE_ENV: "development", DEMO_MODE: "false" }, { demo: true }),
      buildTestApp({ NODE_ENV: "development", DEMO_MODE: "true" }, { demo: true }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([off?.close(), on?.close()]);
  });

  it("do not exist without DEMO_MODE, even outside production", async () => {
    expect(await devRouteStatuses(off)).toEqual({
      outbox: 404,
      outboxJson: 404,
      oidc: 404,
      sandboxHome: 404,
      sandboxCrypto: 404,
      testDeposit: 404,
    });
    // Nor does the development identity provider show up as a login option, nor test deposits in the docs.
    const redirect = await off.app.inject({
      method: "GET",
      url: "/api/v1/authorization/provider-redirect?provider=dev",
    });
    expect(redirect.statusCode).toBe(400);
    const docs = (await off.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(docs.paths)).not.toContain("/api/v1/billing/deposit/test");
  });

  it("exist with DEMO_MODE=true", async () => {
    const statuses = await devRouteStatuses(on);
    expect(statuses).toMatchObject({
      outbox: 200,
      outboxJson: 200,
      sandboxHome: 200,
      sandboxCrypto: 200,
      testDeposit: 200,
    });
    // The provider answers (its login page, or a redirect with an error for this made-up client): not a 404.
    expect(statuses.oidc).not.toBe(404);
  });
});

describe("the DEMO_MODE setting", () => {
  it("is off by default, and so are the sandbox PSP, the dev identity provider and the demo players", () => {
    const env = loadEnv({ NODE_ENV: "development" });
    expect(env).toMatchObject({
      DEMO_MODE: false,
      SANDBOX_PSP_ENABLED: false,
      DEV_OIDC_PROVIDER: false,
      SEED_DEMO_DATA: false,
    });
    expect(loadEnv({ DEMO_MODE: "true" })).toMatchObject({
      DEMO_MODE: true,
      SANDBOX_PSP_ENABLED: true,
      DEV_OIDC_PROVIDER: true,
      SEED_DEMO_DATA: true,
    });
  });

  it("is refused on a HOST other machines can reach, unless DEMO_MODE_ALLOW_REMOTE insists", () => {
    for (const HOST of ["0.0.0.0", "::", "192.168.1.20", "casino.example", "10.0.0.5"]) {
      expect(() => loadEnv({ DEMO_MODE: "true", HOST }), HOST).toThrow(/DEMO_MODE: refused with HOST=/);
      expect(loadEnv({ DEMO_MODE: "true", DEMO_MODE_ALLOW_REMOTE: "true", HOST }).DEMO_MODE, HOST).toBe(true);
    }
    for (const HOST of ["localhost", "127.0.0.1", "::1", "[::1]", "casino.localhost"]) {
      expect(loadEnv({ DEMO_MODE: "true", HOST }).DEMO_MODE, HOST).toBe(true);
    }
  });

  it("is refused in production, even with DEMO_MODE_ALLOW_REMOTE", () => {
    expect(() => loadEnv({ ...PROD, DEMO_MODE: "true" })).toThrow(/DEMO_MODE: must be off in production/);
    expect(() => loadEnv({ ...PROD, DEMO_MODE: "true", DEMO_MODE_ALLOW_REMOTE: "true" })).toThrow(/DEMO_MODE/);
  });

  it("the dev identity provider cannot be turned on without it", () => {
    expect(() => loadEnv({ DEV_OIDC_PROVIDER: "true" })).toThrow(/DEV_OIDC_PROVIDER: needs DEMO_MODE=true/);
    expect(loadEnv({ DEMO_MODE: "true", DEV_OIDC_PROVIDER: "false" }).DEV_OIDC_PROVIDER).toBe(false);
  });

  it("recognises loopback host names only", () => {
    for (const host of ["localhost", "LOCALHOST", "a.localhost", "127.0.0.1", "127.1.2.3", "::1", "[::1]"])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      "0.0.0.0",
      "::",
      "localhost.example",
      "127.0.0.1.example",
      "128.0.0.1",
      "example.com",
      "[::2]",
      "",
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});

describe("the sandbox payment provider is development-only (item 15)", () => {
  it("production refuses SANDBOX_PSP_ENABLED, whatever its secret", () => {
    expect(() =>
      loadEnv({ ...PROD, SANDBOX_PSP_ENABLED: "true", SANDBOX_PSP_SECRET: "a-private-sandbox-secret-123" }),
    ).toThrow(/SANDBOX_PSP_ENABLED: must be off in production/);
    expect(loadEnv(PROD).SANDBOX_PSP_ENABLED).toBe(false);
  });

  it("outside production a test may force it on without demo mode; its pages then exist", async () => {
    const t = await buildTestApp({ DEMO_MODE: "false", SANDBOX_PSP_ENABLED: "true" });
    try {
      expect(t.app.env.DEMO_MODE).toBe(false);
      expect((await t.app.inject({ method: "GET", url: "/sandbox-psp" })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/dev/outbox" })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("in production neither the sandbox pages nor the test deposits exist", async () => {
    const prod = await buildTestApp(PROD, { demo: true });
    try {
      expect(await devRouteStatuses(prod)).toEqual({
        outbox: 404,
        outboxJson: 404,
        oidc: 404,
        sandboxHome: 404,
        sandboxCrypto: 404,
        testDeposit: 404,
      });
    } finally {
      await prod.close();
    }
  });
});

describe("the boot warning", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  async function bootLog(vars: Record<string, string>) {
    const lines: { level: number; msg: string; demo_mode?: string[] }[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const env = loadEnv({ NODE_ENV: "development", SERVE_WEB: "false", ...vars });
    const app = await buildApp({ env, database, logger: { level: "warn", stream } });
    await app.ready();
    await app.close();
    return lines;
  }

  it("is logged whenever demo mode is on, listing what is open", async () => {
    const lines = await bootLog({ DEMO_MODE: "true" });
    const warning = lines.find((line) => line.msg.startsWith("DEMO MODE"));
    expect(warning?.level).toBe(40);
    expect(warning!.msg.split("\n").length).toBeGreaterThan(5);
    for (const open of ["/dev/oidc", "/dev/outbox", "/billing/deposit/test", "/sandbox-psp", "demo-password-1"])
      expect(warning!.msg).toContain(open);
    expect(warning!.demo_mode).toHaveLength(5);
  });

  it("shouts when the host is reachable from other machines", () => {
    const warning = demoModeWarning(loadEnv({ DEMO_MODE: "true", DEMO_MODE_ALLOW_REMOTE: "true", HOST: "0.0.0.0" }));
    expect(warning?.text).toContain("HOST=0.0.0.0 is reachable from other machines: ANYONE THERE CAN USE ALL OF THIS");
  });

  it("names public demo passwords even without demo mode", () => {
    expect(demoModeWarning(loadEnv({ SEED_DEMO_DATA: "true" }))?.open).toEqual([
      expect.stringContaining("demo-password-1"),
    ]);
  });

  it("is not logged when nothing development-only is on", async () => {
    const lines = await bootLog({});
    expect(lines.filter((line) => line.msg.startsWith("DEMO MODE"))).toEqual([]);
    expect(demoModeWarning(loadEnv({}))).toBeNull();
  });
});
