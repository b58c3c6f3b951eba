import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "./identity-helpers.ts";

// Issue 13 item 4: country and date of birth decide which rules apply to a player (a withdrawal
// cancel refused in the UK profile passed after the player switched GB → DE). Both are fixed once
// set, at sign-up or the first time they are filled; only staff may change them (back office, later).

let ctx: TestContext;
let gb: string;
let de: string;
beforeAll(async () => {
  ctx = await buildTestApp();
  const country = async (iso2: string) => (await ctx.database.query<{ guid: string }>("SELECT guid FROM countries WHERE iso2 = $1", [iso2]))[0]!.guid;
  gb = await country("GB");
  de = await country("DE");
});
afterAll(async () => {
  await ctx?.close();
});

const post = (url: string, payload: unknown, headers: Record<string, string>) =>
  ctx.app.inject({ method: "POST", url: `/api/v1${url}`, payload: payload as object, headers });
const profileOf = async (auth: Record<string, string>) => (await ctx.app.inject({ method: "GET", url: "/api/v1/profile", headers: auth })).json().payload;

const COUNTRY_FIXED = "Your country can only be changed by support.";
const BIRTHDAY_FIXED = "Your date of birth can only be changed by support.";

describe("country and date of birth are fixed once set", () => {
  it("refuses another country or date of birth than the one given at sign-up, naming the field", async () => {
    const player = await signUp(ctx.app, `fixed-${randomUUID()}@example.com`, "fixed-pass-123", { country_guid: gb, birthday: "1985-01-02" });
    const auth = bearer(player.access_token);

    const country = await post("/profile", { country_guid: de }, auth);
    expect(country.statusCode).toBe(400);
    expect(country.json().payload).toMatchObject({ code: "VALIDATION_ERROR", fields: [{ field: "body.country_guid", message: COUNTRY_FIXED }] });
    expect((await post("/profile", { country_guid: null }, auth)).statusCode).toBe(400);

    const birthday = await post("/profile", { birthday: "1980-06-01", city: "Berlin" }, auth);
    expect(birthday.statusCode).toBe(400);
    expect(birthday.json().payload.fields).toEqual([{ field: "body.birthday", message: BIRTHDAY_FIXED }]);
    const renamed = await post("/profile/new-registration/profile", { date_of_birth: "1980-06-01" }, auth);
    expect(renamed.json().payload.fields).toEqual([{ field: "body.date_of_birth", message: BIRTHDAY_FIXED }]);
    expect((await post("/profile", { birthday: null }, auth)).statusCode).toBe(400);

    // Nothing of a refused save is kept.
    expect(await profileOf(auth)).toMatchObject({ country: "GB", country_guid: gb, birthday: "1985-01-02T00:00:00.000Z", city: null });
  });

  it("accepts the stored values sent again, in any spelling (the web app saves whole objects)", async () => {
    const player = await signUp(ctx.app, `same-${randomUUID()}@example.com`, "fixed-pass-123", { country_guid: gb, birthday: "1985-01-02" });
    const auth = bearer(player.access_token);
    const res = await post("/profile", { country_guid: gb, birthday: "1985-01-02T00:00:00.000Z", city: "Leeds" }, auth);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ country: "GB", birthday: "1985-01-02T00:00:00.000Z", city: "Leeds" });
    expect((await post("/profile/new-registration/profile", { date_of_birth: "1985-01-02" }, auth)).statusCode).toBe(200);
  });

  it("lets a player fill them once, then keeps them", async () => {
    const player = await signUp(ctx.app, `later-${randomUUID()}@example.com`, "fixed-pass-123");
    const auth = bearer(player.access_token);
    expect(await profileOf(auth)).toMatchObject({ country_guid: null, birthday: null });
    const first = await post("/profile", { country_guid: gb, birthday: "1990-05-01" }, auth);
    expect(first.statusCode, first.body).toBe(200);
    const second = await post("/profile", { country_guid: de, birthday: "1991-05-01" }, auth);
    expect(second.statusCode).toBe(400);
    expect(second.json().payload.fields).toEqual([
      { field: "body.country_guid", message: COUNTRY_FIXED },
      { field: "body.birthday", message: BIRTHDAY_FIXED },
    ]);
    expect(await profileOf(auth)).toMatchObject({ country: "GB", birthday: "1990-05-01T00:00:00.000Z" });
  });

  it("lets only one of two racing first saves win", async () => {
    const player = await signUp(ctx.app, `race-${randomUUID()}@example.com`, "fixed-pass-123");
    const auth = bearer(player.access_token);
    const answers = await Promise.all([post("/profile", { country_guid: gb }, auth), post("/profile", { country_guid: de }, auth)]);
    const codes = answers.map((a) => a.statusCode).sort();
    // On PGlite the two run one after the other; on PostgreSQL the guarded UPDATE decides.
    expect(codes).toEqual([200, 400]);
    const kept = (await profileOf(auth)).country_guid;
    expect(answers.find((a) => a.statusCode === 200)!.json().payload.country_guid).toBe(kept);
  });
});
