import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff } from "../helpers/staff-session.ts";
import { signUp } from "../identity/identity-helpers.ts";
import { writeTestCountryDb } from "./write-test-mmdb.ts";

// allowed_countries at sign-up (the form's country and the request's, by GeoIP on the trusted client
// address) and the fid kept for attribution, shown on the back office player page (issue #19).

let ctx: TestContext;
let seq = 0;
const email = () => `geo-${Date.now()}-${++seq}@example.com`;

beforeAll(async () => {
  const geoip = writeTestCountryDb({ "203.0.113.0/24": "FR", "198.51.100.0/24": "GB" });
  ctx = await buildTestApp({ TRUST_PROXY: "loopback", GEOIP_DB_PATH: geoip, PUBLIC_URL: "http://casino.test" });
  usd = (await queryRows<{ guid: string }>(ctx.database.db, sql`SELECT guid FROM currencies WHERE code = 'USD'`))[0]!
    .guid;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  await ctx.database.db.execute(sql`UPDATE project_settings SET allowed_countries = '{}'`);
});

const allow = (codes: string[]) =>
  ctx.database.db.execute(sql`UPDATE project_settings SET allowed_countries = ${`{${codes.join(",")}}`}::varchar(2)[]`);

const countryGuid = async (iso2: string) =>
  (await queryRows<{ guid: string }>(ctx.database.db, sql`SELECT guid FROM countries WHERE iso2 = ${iso2}`))[0]!.guid;

let usd = "";
const signup = (body: Record<string, unknown>, ip?: string) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/v1/signup",
    headers: ip ? { "x-forwarded-for": ip } : {},
    payload: { email: email(), password: "velvet-roulette-42", currency_guid: usd, ...body },
  });

describe("allowed_countries at sign-up", () => {
  it("refuses a country on the form that is not allowed, naming it, on both namings", async () => {
    await allow(["GB", "MT"]);
    const france = await countryGuid("FR");
    const refused = await signup({ country_guid: france }, "198.51.100.7");
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().payload.message).toBe("Sorry, we cannot open accounts for residents of France.");
    expect(refused.json().payload.fields).toEqual([
      { field: "body.country_guid", message: "is a country we cannot accept players from" },
    ]);
    const byCode = await signup({ country_code: "fr" });
    expect(byCode.statusCode).toBe(403);
    const newNaming = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/signup/new-registration/signup",
      payload: { email: email(), password: "velvet-roulette-42", currency_guid: usd, country_guid: france },
    });
    expect(newNaming.statusCode).toBe(403);
    expect((await signup({ country_guid: await countryGuid("GB") }, "198.51.100.7")).statusCode).toBe(200);
  });

  it("refuses a sign-up from an address the GeoIP database places outside the allowed countries, whatever the form says", async () => {
    await allow(["GB", "MT"]);
    const refused = await signup({ country_guid: await countryGuid("GB") }, "203.0.113.7");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().payload.message).toMatch(/^Sorry, sign-up is not available from /);
    // Unknown address: not held against the player.
    expect((await signup({ country_guid: await countryGuid("GB") }, "192.0.2.10")).statusCode).toBe(200);
  });

  it("lets everyone in while allowed_countries is empty", async () => {
    expect((await signup({ country_guid: await countryGuid("FR") }, "203.0.113.7")).statusCode).toBe(200);
  });
});

/** The development identity provider's round trip (as test/identity/provider-captcha.test.ts walks it), logged in from `ip`. */
async function providerSignup(address: string, ip: string) {
  const start = await ctx.app.inject({ method: "GET", url: "/api/v1/authorization/provider-redirect?provider=dev" });
  const authorize = new URL(start.json().payload.redirect_url);
  const approve = new URLSearchParams(authorize.search);
  approve.set("email", address);
  approve.set("name", "Geo Tester");
  approve.set("email_verified", "true");
  const back = await ctx.app.inject({ method: "GET", url: `/dev/oidc/approve?${approve}` });
  const returned = new URL(back.headers.location as string);
  const query = new URLSearchParams({ provider: "dev", ...Object.fromEntries(returned.searchParams) });
  return ctx.app.inject({
    method: "POST",
    url: `/api/v1/authorization/provider-login?${query}`,
    headers: { "x-forwarded-for": ip },
  });
}

describe("allowed_countries at a provider sign-up", () => {
  it("refuses a new account from an address outside the allowed countries, and creates it from inside", async () => {
    await allow(["GB"]);
    const refused = await providerSignup(email(), "203.0.113.7");
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().payload.message).toMatch(/^Sorry, sign-up is not available from /);
    expect((await providerSignup(email(), "198.51.100.7")).statusCode).toBe(200);
  });
});

describe("fid attribution", () => {
  it("is kept at sign-up and shown with the btag on the back office player page", async () => {
    const player = await signUp(ctx.app, email(), "velvet-roulette-42", { fid: "cmp-2026-11", b_tag: "aff-7" });
    const staff = await createTestStaff(ctx, "support");
    const page = await ctx.app.inject({
      method: "GET",
      url: `/api/backoffice/v1/players/${player.profile.id}`,
      headers: staff.headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().payload.profile).toMatchObject({ fid: "cmp-2026-11", b_tag: "aff-7" });
    const none = await signUp(ctx.app, email());
    const other = await ctx.app.inject({
      method: "GET",
      url: `/api/backoffice/v1/players/${none.profile.id}`,
      headers: staff.headers,
    });
    expect(other.json().payload.profile).toMatchObject({ fid: null });
  });

  it("refuses a fid longer than 200 characters", async () => {
    expect((await signup({ fid: "x".repeat(201) })).statusCode).toBe(400);
  });
});
