import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, outbox, signUp } from "./identity-helpers.ts";
import { promoCampaign, promoCodeRow } from "../promo-codes/promo-fixtures.ts";

let ctx: TestContext;
let usd: string;
let gb: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  usd = (await ctx.database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'"))[0]!.guid;
  gb = (await ctx.database.query<{ guid: string }>("SELECT guid FROM countries WHERE iso2 = 'GB'"))[0]!.guid;
  // Sign-up validates promo codes (ADR 034): the codes these tests send exist.
  const campaign = await promoCampaign(ctx.database, { currencyGuid: usd });
  for (const code of ["WELCOME", "SPRING"]) await promoCodeRow(ctx.database, { bonusGuid: campaign.bonusGuid, code, multipleUse: true });
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "POST", url: `/api/v1${url}`, payload: payload as object, headers });

describe("sign-up", () => {
  it("lists the field settings", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/signup/fields?per_page=5" });
    expect(res.statusCode).toBe(200);
    expect(res.json().metadata).toMatchObject({ page: 1, per_page: 5, total: 13 });
    expect(res.json().payload[0]).toMatchObject({ field_name: "email", is_required: true, is_displayed: true });
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/signup/fields?per_page=1000" })).statusCode).toBe(400);
  });

  it("signs up (old naming), stores b_tag and promo code, returns tokens and the profile", async () => {
    const res = await post("/signup", {
      email: "Old.Style@Example.com",
      password: "old-style-pass-1",
      password_confirmation: "old-style-pass-1",
      currency_guid: usd,
      country_guid: gb,
      birthday: "1990-05-17",
      post_code: "SW1A 1AA",
      opt_in_promo: true,
      b_tag: "affiliate-42",
      promo_code: "WELCOME",
      first_name: "Ada",
    });
    expect(res.statusCode).toBe(200);
    const { profile, access_token } = res.json().payload;
    expect(access_token).toBeTruthy();
    expect(profile).toMatchObject({
      email: "old.style@example.com",
      birthday: "1990-05-17T00:00:00.000Z",
      post_code: "SW1A 1AA",
      opt_in_promo: true,
      country: "GB",
      currency: "USD",
      status: "active",
      email_approved: false,
      first_name: "Ada",
    });
    const [row] = await ctx.database.query<{ b_tag: string; promo_code: string }>("SELECT b_tag, promo_code FROM users WHERE email = 'old.style@example.com'");
    expect(row).toEqual({ b_tag: "affiliate-42", promo_code: "WELCOME" });
  });

  it("signs up (new naming) and returns the new naming", async () => {
    const res = await post("/signup/new-registration/signup", {
      email: "new-style@example.com",
      password: "new-style-pass-1",
      currency_guid: usd,
      phone: { code: "44", number: "7700900123" },
      date_of_birth: "1985-01-02T10:00:00+02:00",
      postal_code: "EC1A",
      opt_in_promotion: true,
      promocode: "SPRING",
    });
    expect(res.statusCode).toBe(200);
    const { profile } = res.json().payload;
    expect(profile).toMatchObject({ date_of_birth: "1985-01-02T08:00:00.000Z", postal_code: "EC1A", opt_in_promotion: true, phone: { code: "44", number: "7700900123" } });
    expect(profile).not.toHaveProperty("birthday");
  });

  it("refuses a duplicate email clearly, in any case", async () => {
    await signUp(ctx.app, "dupe@example.com");
    const res = await post("/signup", { email: "DUPE@example.com", password: "another-pass-1", currency_guid: usd });
    expect(res.statusCode).toBe(409);
    expect(res.json().payload).toMatchObject({ code: "CONFLICT", fields: [{ field: "body.email", message: "is already registered" }] });
  });

  it("names every bad field: policy, confirmation, required currency, unknown dictionaries, age", async () => {
    const res = await post("/signup", {
      email: "bad@example.com",
      password: "bad@example.com",
      password_confirmation: "different",
      country_guid: "00000000-0000-4000-8000-000000000000",
      birthday: "2020-01-01",
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().payload.fields as { field: string; message: string }[];
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: "body.currency_guid", message: "is required" },
        { field: "body.password", message: "The password must not be your email address." },
        { field: "body.password_confirmation", message: "does not match the password" },
        { field: "body.country_guid", message: "is not a known country" },
        { field: "body.birthday", message: "must be at least 18 years ago" },
      ]),
    );
    const newNaming = await post("/signup/new-registration/signup", { email: "bad2@example.com", password: "short", currency_guid: "00000000-0000-4000-8000-000000000000", date_of_birth: "2020-01-01" });
    const newFields = newNaming.json().payload.fields.map((f: { field: string }) => f.field);
    expect(newFields).toEqual(expect.arrayContaining(["body.password", "body.currency_guid", "body.date_of_birth"]));
    expect((await post("/signup", { email: "x" })).statusCode).toBe(400);
    expect(await ctx.database.query("SELECT 1 FROM users WHERE email IN ('bad@example.com', 'bad2@example.com')")).toEqual([]);
  });
});

describe("profile", () => {
  it("requires a player", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/profile" })).statusCode).toBe(401);
    expect((await post("/profile", { city: "x" })).statusCode).toBe(401);
  });

  it("saves only the sent fields, in either naming, birthday as UTC ISO", async () => {
    const player = await signUp(ctx.app, "profile@example.com", "profile-pass-1", { first_name: "Grace", city: "Paris" });
    const auth = bearer(player.access_token);
    const first = await post("/profile", { pwa_installed: true }, auth);
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toMatchObject({ pwa_installed: true, pwa_opened: false, first_name: "Grace", city: "Paris" });
    const second = await post("/profile/new-registration/profile", { date_of_birth: "1970-12-31", postal_code: "75001", opt_in_promotion: true }, auth);
    expect(second.json().payload).toMatchObject({ date_of_birth: "1970-12-31T00:00:00.000Z", postal_code: "75001", opt_in_promotion: true, first_name: "Grace" });
    // The date of birth is fixed once set (profile-fixed-fields.test.ts): re-sending it, in any spelling, is fine.
    const third = await post("/profile", { birthday: "1970-12-31T00:00:00.000Z", last_name: "Hopper", gender: "female" }, auth);
    expect(third.json().payload).toMatchObject({ birthday: "1970-12-31T00:00:00.000Z", post_code: "75001", last_name: "Hopper", city: "Paris", gender: "female" });
    const got = await ctx.app.inject({ method: "GET", url: "/api/v1/profile/new-registration/profile", headers: auth });
    expect(got.json().payload).toMatchObject({ date_of_birth: "1970-12-31T00:00:00.000Z", postal_code: "75001", status: "active", is_verified: false, segments: [] });
  });

  it("refuses unknown fields, bad values and fields a player may not set", async () => {
    const player = await signUp(ctx.app, "profile-bad@example.com");
    const auth = bearer(player.access_token);
    for (const body of [{ status: "active" }, { is_verified: true }, { email: "x@example.com" }, { gender: "robot" }, { birthday: "not a date" }, { phone: { code: "+44", number: "1" } }]) {
      const res = await post("/profile", body, auth);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooYoung = await post("/profile", { birthday: new Date().toISOString() }, auth);
    expect(tooYoung.json().payload.fields[0].field).toBe("body.birthday");
  });

  it("falls back to default segments on /segments", async () => {
    const player = await signUp(ctx.app, "segments@example.com");
    const empty = await ctx.app.inject({ method: "GET", url: "/api/v1/segments", headers: bearer(player.access_token) });
    expect(empty.json().payload).toEqual([]);
    await ctx.database.query("INSERT INTO segments (name, group_name, is_default, data) VALUES ('Newcomers', 'lifecycle', true, '{\"tier\":1}')");
    const fallback = await ctx.app.inject({ method: "GET", url: "/api/v1/segments", headers: bearer(player.access_token) });
    expect(fallback.json().payload).toMatchObject([{ name: "Newcomers", group_name: "lifecycle", data: { tier: 1 } }]);
  });
});

describe("phone verification by SMS", () => {
  it("texts a 6-digit code with a 60 s cooldown; 5 attempts; verify sets is_phone_verified", async () => {
    const player = await signUp(ctx.app, "phone@example.com");
    const auth = bearer(player.access_token);
    const noPhone = await post("/profile/sms-code/request", {}, auth);
    expect(noPhone.statusCode).toBe(400);
    await post("/profile", { phone: { code: "44", number: "7700900456" } }, auth);
    expect((await post("/profile/sms-code/request", {}, auth)).statusCode).toBe(200);
    const cooldown = await post("/profile/sms-code/resend", {}, auth);
    expect(cooldown.statusCode).toBe(429);
    expect(cooldown.json().payload.message).toMatch(/wait \d+ seconds/);
    const [sms] = await ctx.database.query<{ text: string }>("SELECT text FROM dev_outbox WHERE channel = 'sms' AND recipient = '+447700900456'");
    const code = /(\d{6})/.exec(sms!.text)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    const miss = await post("/profile/sms-code/verify", { code: wrong }, auth);
    expect(miss.statusCode).toBe(400);
    expect(miss.json().payload.message).toMatch(/4 attempts left/);
    expect((await post("/profile/sms-code/verify", { code: "12ab" }, auth)).statusCode).toBe(400);
    expect((await post("/profile/sms-code/verify", { code }, auth)).statusCode).toBe(200);
    const profile = await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: auth });
    expect(profile.json().payload.is_phone_verified).toBe(true);
    // A new number needs verifying again.
    const changed = await post("/profile", { phone: { code: "44", number: "7700900999" } }, auth);
    expect(changed.json().payload.is_phone_verified).toBe(false);
  });

  it("burns the code after 5 wrong attempts", async () => {
    const player = await signUp(ctx.app, "phone2@example.com", "phone-pass-123", { phone: { code: "1", number: "5555550100" } });
    const auth = bearer(player.access_token);
    await post("/profile/sms-code/request", {}, auth);
    const [sms] = await ctx.database.query<{ text: string }>("SELECT text FROM dev_outbox WHERE channel = 'sms' AND recipient = '+15555550100'");
    const code = /(\d{6})/.exec(sms!.text)![1]!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) await post("/profile/sms-code/verify", { code: wrong }, auth);
    expect((await post("/profile/sms-code/verify", { code }, auth)).statusCode).toBe(400);
    expect(await outbox(ctx.app, "+15555550100")).toHaveLength(1);
  });
});
