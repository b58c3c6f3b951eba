import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captchaSettings } from "@croupier/contract/entities/captcha-settings";
import { country } from "@croupier/contract/entities/country";
import { currencyPair } from "@croupier/contract/entities/currency-pair";
import { projectSettings, workspaceDomain } from "@croupier/contract/entities/project-settings";
import { buildApp, type App } from "../src/app.ts";
import { loadEnv } from "../src/env.ts";
import { buildTestApp, type TestContext } from "./helpers/build-test-app.ts";

const SITE_KEY = "6LeIxAcTAAAAAJcZVRqyHh71UMIEGNQ_MXjiZKhI";
const SECRET = "6LeIxAcTAAAAAGG-vFI1TnRWxMZNFuojJ4WifJWe";

let ctx: TestContext;
// A second app on the same database: reCAPTCHA configured, and an onRequest
// hook standing in for the identity module (x-test-user → a logged-in player).
let configured: App;

beforeAll(async () => {
  ctx = await buildTestApp();
  const env = loadEnv({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SERVE_WEB: "false",
    RECAPTCHA_SITE_KEY: SITE_KEY,
    RECAPTCHA_SECRET: SECRET,
  });
  configured = await buildApp({ env, database: ctx.database, logger: false });
  configured.addHook("onRequest", async (request) => {
    const user = request.headers["x-test-user"];
    if (typeof user === "string") request.auth = { sessionId: "test-session", userId: user };
  });
  await configured.ready();
});
afterAll(async () => {
  await configured?.close();
  await ctx?.close();
});

const get = (url: string, app: App = ctx.app, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: `/api/v1${url}`, headers });
const sql = (text: string, params: unknown[] = []) => ctx.database.query(text, params);

function expectFieldError(res: Awaited<ReturnType<typeof get>>, field: string) {
  expect(res.statusCode).toBe(400);
  expect(res.json().payload.code).toBe("VALIDATION_ERROR");
  expect(res.json().payload.fields.map((f: { field: string }) => f.field)).toContain(field);
}

describe("GET /workspace/countries", () => {
  it("lists every country while the project restricts none, then only the allowed ones", async () => {
    const all = (await get("/workspace/countries")).json();
    const dictionary = (await get("/dictionary/countries")).json();
    expect(all.payload).toEqual(dictionary.payload);
    expect(all.metadata.total).toBe(dictionary.payload.length);

    await sql("UPDATE project_settings SET allowed_countries = $1", [["GB", "DE", "MT"]]);
    try {
      const res = await get("/workspace/countries");
      expect(res.statusCode).toBe(200);
      const items = res.json().payload.map((c: unknown) => country.parse(c));
      expect(items.map((c: { iso_codes: string }) => c.iso_codes)).toEqual(["DE/DEU", "MT/MLT", "GB/GBR"]);
      expect(res.json().metadata).toMatchObject({ page: 1, total: 3 });

      const settings = projectSettings.parse((await get("/workspace/settings?uri=localhost")).json().payload);
      expect(settings.allowed_countries).toEqual(["DE", "MT", "GB"]);
      expect(settings.country_guids).toEqual(items.map((c: { guid: string }) => c.guid));
    } finally {
      await sql("UPDATE project_settings SET allowed_countries = '{}'");
    }
  });
});

describe("GET /workspace/currencies", () => {
  it("lists the project's currencies and filters by registration and country", async () => {
    const all = (await get("/workspace/currencies")).json();
    expect(all.metadata.total).toBe(10);

    const [br] = await sql("SELECT guid FROM countries WHERE iso2 = 'BR'");
    const [gb] = await sql("SELECT guid FROM countries WHERE iso2 = 'GB'");
    await sql("UPDATE currencies SET registration = false WHERE code = 'JPY'");
    await sql("UPDATE currencies SET countries = ARRAY[$1::uuid] WHERE code = 'BRL'", [br!.guid]);
    try {
      const signup = (await get("/workspace/currencies?registration=true")).json().payload;
      expect(signup.map((c: { code: string }) => c.code)).not.toContain("JPY");
      expect(signup).toHaveLength(9);
      const offline = (await get("/workspace/currencies?registration=false")).json().payload;
      expect(offline.map((c: { code: string }) => c.code)).toEqual(["JPY"]);

      const inGb = (await get(`/workspace/currencies?country_guid=${gb!.guid}`)).json().payload;
      expect(inGb.map((c: { code: string }) => c.code)).not.toContain("BRL");
      expect(inGb).toHaveLength(9);
      const inBr = (await get(`/workspace/currencies?country_guid=${br!.guid}`)).json().payload;
      expect(inBr.map((c: { code: string }) => c.code)).toContain("BRL");
      expect(inBr).toHaveLength(10);
    } finally {
      await sql("UPDATE currencies SET registration = true, countries = '{}' WHERE code IN ('JPY', 'BRL')");
    }
  });

  it("rejects bad filters naming the field", async () => {
    expectFieldError(await get("/workspace/currencies?registration=yes"), "query.registration");
    expectFieldError(await get("/workspace/currencies?country_guid=GB"), "query.country_guid");
    expectFieldError(await get("/workspace/currencies?per_page=1000"), "query.per_page");
  });
});

describe("GET /workspace/currency_convertion_policy", () => {
  it("answers the project's policy", async () => {
    const res = await get("/workspace/currency_convertion_policy");
    expect(res.json()).toMatchObject({ status: "ok", payload: { currency_convertion_policy: "ingame_convertion" } });
    await sql("UPDATE project_settings SET currency_convertion_policy = 'wallet_convertion'");
    try {
      const changed = (await get("/workspace/currency_convertion_policy")).json().payload;
      expect(changed.currency_convertion_policy).toBe("wallet_convertion");
    } finally {
      await sql("UPDATE project_settings SET currency_convertion_policy = 'ingame_convertion'");
    }
  });
});

describe("GET /workspace/currency_pairs", () => {
  it("is for logged-in players only", async () => {
    const res = await get("/workspace/currency_pairs");
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ status: "error", payload: { code: "UNAUTHORIZED" } });
    // The stand-in identity hook is not an open door: without it the second app refuses too.
    expect((await get("/workspace/currency_pairs", configured)).statusCode).toBe(401);
  });

  it("lists each currency against USD for a player, never cached publicly", async () => {
    const res = await get("/workspace/currency_pairs", configured, { "x-test-user": "player-1" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    const pairs = res.json().payload.map((p: unknown) => currencyPair.parse(p));
    expect(res.json().metadata).toMatchObject({ page: 1, total: 9 });
    const byBase = new Map(pairs.map((p: { base_asset: string }) => [p.base_asset, p]));
    expect(byBase.get("EUR")).toMatchObject({ quote_asset: "USD", type: "fiat", status: "active" });
    expect(byBase.get("BTC")).toMatchObject({ quote_asset: "USD", type: "mixed", status: "active" });
    expect(byBase.has("USD")).toBe(false);

    const [usd] = await sql("SELECT guid FROM currencies WHERE code = 'USD'");
    expect(pairs.every((p: { quote_guid: string }) => p.quote_guid === usd!.guid)).toBe(true);

    const inactive = await get("/workspace/currency_pairs?status=inactive", configured, { "x-test-user": "p" });
    expect(inactive.json().payload).toEqual([]);
    expectFieldError(
      await get("/workspace/currency_pairs?status=paused", configured, { "x-test-user": "p" }),
      "query.status",
    );
  });
});

describe("GET /workspace/domain", () => {
  it("resolves the host of a URL or a bare host name", async () => {
    const res = await get(`/workspace/domain?uri=${encodeURIComponent("https://Casino.Example.com:8443/slots?x=1")}`);
    expect(res.statusCode).toBe(200);
    const payload = workspaceDomain.parse(res.json().payload);
    expect(payload).toMatchObject({ domain: "casino.example.com", project_name: "Croupier" });
    expect((await get("/workspace/domain?uri=localhost:3000")).json().payload.domain).toBe("localhost");
  });

  it("rejects a missing or unusable uri naming the field", async () => {
    expectFieldError(await get("/workspace/domain"), "query.uri");
    expectFieldError(await get(`/workspace/domain?uri=${encodeURIComponent("javascript:alert(1)")}`), "query.uri");
    expectFieldError(await get(`/workspace/domain?uri=${encodeURIComponent("ftp://files.example.com")}`), "query.uri");
    expectFieldError(await get(`/workspace/domain?uri=${"a".repeat(2100)}.com`), "query.uri");
  });

  it("answers 404 for a host the project does not serve once it lists its domains", async () => {
    await sql("UPDATE project_settings SET domains = $1", [["casino.example.com"]]);
    try {
      expect((await get("/workspace/domain?uri=https://casino.example.com/")).statusCode).toBe(200);
      const unknown = await get("/workspace/domain?uri=https://phishing.example.net/");
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().payload.code).toBe("NOT_FOUND");
      expect((await get("/workspace/settings?uri=phishing.example.net")).statusCode).toBe(404);
      expect((await get("/workspace/settings?uri=CASINO.example.com")).statusCode).toBe(200);
    } finally {
      await sql("UPDATE project_settings SET domains = '{}'");
    }
  });
});

describe("GET /workspace/google_recaptcha", () => {
  it("answers null while reCAPTCHA is not configured", async () => {
    const res = await get("/workspace/google_recaptcha");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: "ok", payload: null });
  });

  it("answers the site key, never the secret, when configured", async () => {
    const res = await get("/workspace/google_recaptcha", configured);
    const payload = captchaSettings.parse(res.json().payload);
    expect(payload).toMatchObject({ service_name: "google_recaptcha", settings: { site_key: SITE_KEY } });
    expect(res.body).not.toContain(SECRET);
    const [project] = await sql("SELECT guid FROM project_settings");
    expect(payload.project_guid).toBe(project!.guid);
    expect(Number.isNaN(Date.parse(payload.created_at))).toBe(false);
    // The same guid every time: clients may key on it.
    expect((await get("/workspace/google_recaptcha", configured)).json().payload.guid).toBe(payload.guid);
  });
});

describe("GET /workspace/settings", () => {
  it("answers the project's settings for an address", async () => {
    const res = await get(`/workspace/settings?uri=${encodeURIComponent("http://localhost:3000/")}`);
    expect(res.statusCode).toBe(200);
    const settings = projectSettings.parse(res.json().payload);
    const countries = (await get("/dictionary/countries")).json().payload;
    expect(settings).toMatchObject({
      name: "Croupier",
      default_country: "US",
      currency_convertion_policy: "ingame_convertion",
      external_services: {},
    });
    expect(settings.allowed_countries).toHaveLength(countries.length);
    expect(settings.allowed_countries).toContain("GB");
    expect(settings.tags.map((t) => t.name)).toEqual(["Live", "Slots"]);
    expectFieldError(await get("/workspace/settings"), "query.uri");
  });

  it("passes the operator's external services through", async () => {
    await sql(
      `UPDATE project_settings SET external_services = '{"ga":{"id":"G-TEST123"},"livechat":{"user_id":"42"}}'`,
    );
    try {
      const settings = (await get("/workspace/settings?uri=localhost")).json().payload;
      expect(settings.external_services).toEqual({ ga: { id: "G-TEST123" }, livechat: { user_id: "42" } });
    } finally {
      await sql("UPDATE project_settings SET external_services = '{}'");
    }
  });
});
