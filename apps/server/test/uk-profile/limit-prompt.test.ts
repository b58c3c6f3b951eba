import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jurisdictionProfile } from "@croupier/contract/jurisdiction";
import { assertLimitPromptAnswered } from "../../src/modules/uk-profile/assert-limit-prompt-answered.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";

// The deposit-limit prompt after sign-up (ADR 025): due until answered, the answer recorded once,
// "limit_set" only with a deposit limit in place; required under gb, offered elsewhere.

describe.each([
  ["gb", true],
  ["none", false],
])("deposit-limit prompt under %s", (jurisdiction, required) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ JURISDICTION: jurisdiction });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const prompt = async (token: string, answer?: string) => {
    const res = await ctx.app.inject({
      method: answer ? "POST" : "GET",
      url: "/api/v1/responsible-gaming/limit-prompt",
      headers: bearer(token),
      ...(answer ? { payload: { answer } } : {}),
    });
    return { status: res.statusCode, body: res.json() };
  };
  const newPlayer = async () => (await signUp(ctx.app, `prompt-${randomUUID()}@example.com`)).access_token;

  it("is due after sign-up and gone for good once the player chooses no limit", async () => {
    const token = await newPlayer();
    expect((await prompt(token)).body.payload).toEqual({ show: true, required, answer: null, answered_at: null });
    const declined = await prompt(token, "declined");
    expect(declined.status).toBe(200);
    expect(declined.body.payload).toMatchObject({ show: false, answer: "declined" });
    // The first answer stays.
    await prompt(token, "limit_set");
    expect((await prompt(token)).body.payload).toMatchObject({ show: false, answer: "declined" });
  });

  it("records limit_set only once a deposit limit exists, and is not due with one", async () => {
    const token = await newPlayer();
    const early = await prompt(token, "limit_set");
    expect(early.status).toBe(409);
    expect(early.body.payload.message).toMatch(/deposit limit first/);
    const currencies = await ctx.app.inject({ method: "GET", url: "/api/v1/dictionary/currencies" });
    const usd = (currencies.json().payload as { guid: string; code: string }[]).find((c) => c.code === "USD")!;
    const set = await ctx.app.inject({
      method: "PUT",
      url: "/api/v1/responsible-gaming/limits",
      headers: bearer(token),
      payload: { limit_type: "deposit", period: "week", currency_guid: usd.guid, amount: "100" },
    });
    expect(set.statusCode).toBe(200);
    expect((await prompt(token)).body.payload.show).toBe(false);
    expect((await prompt(token, "limit_set")).body.payload).toMatchObject({ show: false, answer: "limit_set" });
  });

  it("holds deposits until answered where the profile requires it (the deposit paths' check)", async () => {
    const account = await signUp(ctx.app, `deposit-${randomUUID()}@example.com`);
    const profile = jurisdictionProfile(jurisdiction as "gb" | "none");
    const check = () => assertLimitPromptAnswered(ctx.database.db, profile, account.profile.id);
    if (required)
      await expect(check()).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: expect.stringMatching(/No limit for now/),
      });
    else await expect(check()).resolves.toBeUndefined();
    await prompt(account.access_token, "declined");
    await expect(check()).resolves.toBeUndefined();
  });

  it("the deposit routes ask for the answer first where the profile requires it", async () => {
    const account = await signUp(ctx.app, `route-${randomUUID()}@example.com`);
    // gb also wants a verified identity before a deposit; that is not what this test is about.
    await ctx.database.query("UPDATE users SET is_verified = true WHERE guid = $1", [account.profile.id]);
    const currencies = await ctx.app.inject({ method: "GET", url: "/api/v1/dictionary/currencies" });
    const usd = (currencies.json().payload as { guid: string; code: string }[]).find((c) => c.code === "USD")!;
    const deposit = () =>
      ctx.app.inject({
        method: "POST",
        url: "/api/v1/billing/deposit/test",
        headers: { ...bearer(account.access_token), "idempotency-key": randomUUID() },
        payload: { amount: "10", currency_guid: usd.guid },
      });
    const before = await deposit();
    expect(before.statusCode, before.body).toBe(required ? 403 : 200);
    if (required) expect(before.json().payload.message).toMatch(/No limit for now/);
    await prompt(account.access_token, "declined");
    const after = await deposit();
    expect(after.statusCode, after.body).toBe(200);
  });

  it("is for players only", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/v1/responsible-gaming/limit-prompt" });
    expect(res.statusCode).toBe(401);
  });
});
