import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentsApp, currencyGuid, newPlayer, type PaymentsTest, type Player } from "../payments/payments-helpers.ts";
import { bearer } from "../identity/identity-helpers.ts";
import { expectBooksClean } from "../bonuses/engine-helpers.ts";
import { promoCampaign, promoCodeRow } from "./promo-fixtures.ts";

let t: PaymentsTest;
let usd: string;
let eur: string;
let addressCounter = 0;

beforeAll(async () => {
  t = await buildPaymentsApp();
  usd = await currencyGuid(t, "USD");
  eur = await currencyGuid(t, "EUR");
  // Only this file's campaigns grant.
  await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status IN ('active', 'scheduled')");
}, 120_000);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectBooksClean(t.database);
});

/** A fresh client address per test, so one test's refusals never lock another's address. */
const freshAddress = () => `10.0.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

function activate(player: Player, code: string, address = "10.9.9.9") {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/promocodes/activate",
    headers: bearer(player.token),
    remoteAddress: address,
    payload: { code },
  });
}

async function customerBonuses(player: Player) {
  return t.database.query<{ guid: string; status: string; bonus_guid: string; source_key: string; bonus_amount: string; bonus_trigger: string }>(
    `SELECT guid, status, bonus_guid, source_key, trim_scale(bonus_amount)::text AS bonus_amount, bonus_trigger
       FROM customer_bonuses WHERE customer_guid = $1 ORDER BY created_at`,
    [player.id],
  );
}

async function usedCount(guid: string): Promise<number> {
  const [row] = await t.database.query<{ used_count: number }>("SELECT used_count FROM promo_codes WHERE guid = $1", [guid]);
  return row!.used_count;
}

describe("POST /promocodes/activate", () => {
  it("grants a fixed-amount code once: the bonus through the engine, the use counted, a repeat answers the same", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd, amount: "15" });
    const code = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, multipleUse: true });
    const player = await newPlayer(t, "promo-fixed");
    const address = freshAddress();

    const first = await activate(player, `  ${code.code.toLowerCase()} `, address);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json().payload;
    expect(answer).toMatchObject({
      repeated: false,
      message: `Promo code accepted: you received ${campaign.name}.`,
      customer_promo_code: {
        customer_guid: player.id,
        bonus_guid: campaign.bonusGuid,
        promo_code_guid: code.guid,
        promo_code_version_guid: campaign.versionGuid,
        status: "activated",
        activated_by: "customer",
        activated_by_guid: player.id,
        multiple_use: true,
        multiple_use_count: 0,
        code: code.code,
        bonus_name: campaign.name,
      },
    });
    const bonuses = await customerBonuses(player);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({
      guid: answer.customer_promo_code.customer_bonus_guid,
      status: "active",
      bonus_trigger: "promo_code",
      bonus_amount: "15",
      source_key: `promo:${code.guid}:${player.id}`,
    });
    expect(await usedCount(code.guid)).toBe(1);

    const again = await activate(player, code.code, address);
    expect(again.statusCode).toBe(200);
    expect(again.json().payload).toMatchObject({ repeated: true, customer_promo_code: { guid: answer.customer_promo_code.guid } });
    expect(await customerBonuses(player)).toHaveLength(1);
    expect(await usedCount(code.guid)).toBe(1);

    const listed = await t.app.inject({ method: "GET", url: "/api/v1/promocodes", headers: bearer(player.token) });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().payload).toHaveLength(1);
    expect(listed.json().metadata).toMatchObject({ page: 1, per_page: 20, total: 1 });

    const other = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid });
    const enriched = await t.app.inject({
      method: "POST",
      url: "/api/v1/promocodes/enrich",
      headers: bearer(player.token),
      payload: { guids: [code.guid, other.guid, randomUUID()] },
    });
    expect(enriched.statusCode).toBe(200);
    // Only the code the player redeemed: other guids reveal nothing.
    expect(enriched.json().payload).toEqual([
      { guid: code.guid, email: null, name: `Code ${code.code}`, conditions: "Test conditions", expired_at: null, activated_by: "customer", end_date: null, code: code.code },
    ]);
    const tooMany = await t.app.inject({
      method: "POST",
      url: "/api/v1/promocodes/enrich",
      headers: bearer(player.token),
      payload: { guids: Array.from({ length: 51 }, () => randomUUID()) },
    });
    expect(tooMany.statusCode).toBe(400);
  });

  it("answers each refusal with its own error code", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd });
    const player = await newPlayer(t, "promo-refusals");
    // A fresh player per refusal: ten refusals would lock one player out (tested below).
    const expectRefusal = async (code: string, status: number, errorCode: string, message?: string, who?: Player) => {
      const res = await activate(who ?? (await newPlayer(t, "refused")), code, freshAddress());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json()).toMatchObject({ status: "error", payload: { code: errorCode, ...(message ? { message } : {}) } });
    };
    await expectRefusal("NO-SUCH-CODE", 404, "PROMO_CODE_UNKNOWN");
    await expectRefusal("a!", 404, "PROMO_CODE_UNKNOWN");
    const ended = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, startDate: "2020-01-01T00:00:00Z", endDate: "2021-01-01T00:00:00Z" });
    await expectRefusal(ended.code, 409, "PROMO_CODE_EXPIRED", "This promo code has expired.");
    const later = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, startDate: "2999-01-01T00:00:00Z" });
    await expectRefusal(later.code, 409, "PROMO_CODE_EXPIRED", "This promo code is not valid yet.");
    const disabled = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, status: "disabled" });
    await expectRefusal(disabled.code, 409, "PROMO_CODE_EXPIRED", "This promo code is no longer valid.");
    const personal = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, email: "someone-else@example.com" });
    await expectRefusal(personal.code, 403, "PROMO_CODE_NOT_FOR_YOU");
    const country = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, countryCodes: ["FR"] });
    await expectRefusal(country.code, 403, "PROMO_CODE_NOT_FOR_YOU");
    const [segment] = await t.database.query<{ guid: string }>(
      "INSERT INTO segments (name, group_name) VALUES ($1, 'test') RETURNING guid",
      [`promo-${randomUUID()}`],
    );
    const segmented = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, segmentGuids: [segment!.guid] });
    await expectRefusal(segmented.code, 403, "PROMO_CODE_NOT_FOR_YOU", undefined, player);
    const paused = await promoCampaign(t.database, { currencyGuid: usd, status: "paused" });
    const pausedCode = await promoCodeRow(t.database, { bonusGuid: paused.bonusGuid });
    await expectRefusal(pausedCode.code, 403, "PROMO_CODE_NOT_FOR_YOU", "The offer of this promo code is not running now.");
    const euroOnly = await promoCampaign(t.database, { currencyGuid: eur });
    const euroCode = await promoCodeRow(t.database, { bonusGuid: euroOnly.bonusGuid });
    await expectRefusal(euroCode.code, 409, "BONUS_INELIGIBLE");

    // The segment member may redeem it.
    await t.database.query("INSERT INTO user_segments (user_guid, segment_guid) VALUES ($1, $2)", [player.id, segment!.guid]);
    expect((await activate(player, segmented.code, freshAddress())).statusCode).toBe(200);
    // Another code of the same (non-cumulative) campaign: already used.
    const second = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid });
    await expectRefusal(second.code, 409, "PROMO_CODE_ALREADY_USED", undefined, player);
    // None of the refusals granted or counted anything.
    expect(await customerBonuses(player)).toHaveLength(1);
    for (const refused of [ended, later, disabled, personal, country, pausedCode, euroCode, second]) expect(await usedCount(refused.guid)).toBe(0);
  });

  it("single use: the second player finds it used up; a counted multiple-use code stops at its count", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd });
    const single = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid });
    const [a, b, c] = [await newPlayer(t, "single-a"), await newPlayer(t, "single-b"), await newPlayer(t, "single-c")];
    expect((await activate(a, single.code, freshAddress())).statusCode).toBe(200);
    const refused = await activate(b, single.code, freshAddress());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.code).toBe("PROMO_CODE_USED_UP");

    const other = await promoCampaign(t.database, { currencyGuid: usd });
    const twice = await promoCodeRow(t.database, { bonusGuid: other.bonusGuid, multipleUse: true, multipleUseCount: 2 });
    expect((await activate(a, twice.code, freshAddress())).statusCode).toBe(200);
    expect((await activate(b, twice.code, freshAddress())).statusCode).toBe(200);
    expect((await activate(c, twice.code, freshAddress())).json().payload.code).toBe("PROMO_CODE_USED_UP");
    expect(await usedCount(twice.guid)).toBe(2);
  });

  it("two players racing for a single-use code: exactly one wins", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd });
    const code = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid });
    const players = await Promise.all([1, 2, 3, 4].map((n) => newPlayer(t, `race-${n}`)));
    const answers = await Promise.all(players.map((p) => activate(p, code.code, freshAddress())));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().payload.code === "PROMO_CODE_USED_UP")).toBe(true);
    expect(await usedCount(code.guid)).toBe(1);
    const [grants] = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM customer_bonuses WHERE bonus_guid = $1", [campaign.bonusGuid]);
    expect(grants!.n).toBe(1);
  });

  it("the same player redeeming twice at once: one grant, one use, both answers name the same redemption", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd });
    const code = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, multipleUse: true });
    const player = await newPlayer(t, "double-click");
    const address = freshAddress();
    const answers = await Promise.all([activate(player, code.code, address), activate(player, code.code, address)]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(answers.map((r) => r.json().payload.customer_promo_code.guid)).size).toBe(1);
    expect(await usedCount(code.guid)).toBe(1);
    expect(await customerBonuses(player)).toHaveLength(1);
  });

  it("rate limit: 10 refusals lock the player out for 15 minutes (429 with Retry-After), even for a valid code", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd });
    const code = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid });
    const player = await newPlayer(t, "guesser");
    for (let i = 0; i < 10; i += 1) {
      const res = await activate(player, `GUESS${i}X`, freshAddress());
      expect(res.json().payload.code).toBe("PROMO_CODE_UNKNOWN");
    }
    const locked = await activate(player, code.code, freshAddress());
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(800);
    expect(locked.json()).toMatchObject({ status: "error", payload: { code: "RATE_LIMITED" }, metadata: { retry_after_s: expect.any(Number) } });
    expect(await usedCount(code.guid)).toBe(0);
    // A successful redemption is not a failure: another player is unaffected.
    const other = await newPlayer(t, "honest");
    expect((await activate(other, code.code, freshAddress())).statusCode).toBe(200);
  });

  it("rate limit: 30 refusals from one address lock that address for every player", async () => {
    const address = freshAddress();
    const players = await Promise.all([1, 2, 3, 4].map((n) => newPlayer(t, `address-${n}`)));
    for (let i = 0; i < 30; i += 1) {
      const res = await activate(players[i % 3]!, `NOPE${i}Z`, address);
      expect(res.statusCode).toBe(404);
    }
    const locked = await activate(players[3]!, "WHATEVER", address);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers["retry-after"]).toBeDefined();
    // Another address is not locked.
    expect((await activate(players[3]!, "WHATEVER", freshAddress())).statusCode).toBe(404);
  });

  it("needs a player", async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/v1/promocodes/activate", payload: { code: "ABC" } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url: "/api/v1/promocodes" })).statusCode).toBe(401);
  });
});

describe("deposit-match promo codes", () => {
  it("stay pending until a deposit reaches the minimum, then grant once in the deposit's transaction", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd, type: "deposit_match", bonusPercent: "100", amount: "100", minDeposit: "25" });
    const code = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, multipleUse: true });
    const player = await newPlayer(t, "pending");
    const res = await activate(player, code.code, freshAddress());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({
      customer_promo_code: { status: "pending", customer_bonus_guid: null, activated_at: null },
      message: `Promo code accepted: ${campaign.name} is added with your next deposit of at least 25 USD.`,
    });
    expect(await customerBonuses(player)).toHaveLength(0);
    expect(await usedCount(code.guid)).toBe(1);

    const deposit = (amount: string) =>
      t.app.inject({ method: "POST", url: "/api/v1/billing/deposit/test", headers: bearer(player.token), payload: { amount, currency_guid: usd } });
    expect((await deposit("20")).statusCode).toBe(200);
    expect(await customerBonuses(player)).toHaveLength(0);
    expect((await deposit("40")).statusCode).toBe(200);
    const bonuses = await customerBonuses(player);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ bonus_trigger: "promo_code", bonus_amount: "40", source_key: `promo:${code.guid}:${player.id}`, status: "active" });
    const [row] = await t.database.query<{ status: string; customer_bonus_guid: string; payment_guid: string | null }>(
      "SELECT status, customer_bonus_guid, payment_guid FROM customer_promo_codes WHERE customer_guid = $1",
      [player.id],
    );
    expect(row).toMatchObject({ status: "activated", customer_bonus_guid: bonuses[0]!.guid });
    expect(row!.payment_guid).not.toBeNull();
    expect((await deposit("50")).statusCode).toBe(200);
    expect(await customerBonuses(player)).toHaveLength(1);
  });
});

describe("sign-up promo code", () => {
  const signUpWith = (path: "/signup" | "/signup/new-registration/signup", extra: Record<string, unknown>, address = freshAddress()) =>
    t.app.inject({
      method: "POST",
      url: `/api/v1${path}`,
      remoteAddress: address,
      payload: { email: `signup-${randomUUID()}@example.com`, password: "correct-horse-9", currency_guid: usd, ...extra },
    });

  it("refuses an unknown, expired, used-up or other-country code on its own field, in both namings", async () => {
    const campaign = await promoCampaign(t.database, { currencyGuid: usd });
    const unknown = await signUpWith("/signup", { promo_code: "WELCOME-NOPE" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().payload).toMatchObject({ code: "VALIDATION_ERROR", fields: [{ field: "body.promo_code", message: "is not valid" }] });
    const renamed = await signUpWith("/signup/new-registration/signup", { promocode: "WELCOME-NOPE" });
    expect(renamed.json().payload.fields).toEqual([{ field: "body.promocode", message: "is not valid" }]);
    const ended = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, endDate: "2021-01-01T00:00:00Z" });
    expect((await signUpWith("/signup", { promo_code: ended.code })).json().payload.fields).toEqual([{ field: "body.promo_code", message: "has expired" }]);
    const used = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid });
    await t.database.query("UPDATE promo_codes SET used_count = 1 WHERE guid = $1", [used.guid]);
    expect((await signUpWith("/signup", { promo_code: used.code })).json().payload.fields).toEqual([{ field: "body.promo_code", message: "has already been used up" }]);
    const french = await promoCodeRow(t.database, { bonusGuid: campaign.bonusGuid, countryCodes: ["FR"] });
    expect((await signUpWith("/signup", { promo_code: french.code, country_code: "GB" })).json().payload.fields).toEqual([
      { field: "body.promo_code", message: "is not available in your country" },
    ]);
    expect((await signUpWith("/signup", { promo_code: french.code, country_code: "FR" })).statusCode).toBe(200);
  });

  it("redeems a fixed code at sign-up and keeps a deposit-match code pending for the first deposit", async () => {
    const fixed = await promoCampaign(t.database, { currencyGuid: usd, amount: "7" });
    const fixedCode = await promoCodeRow(t.database, { bonusGuid: fixed.bonusGuid, multipleUse: true });
    const res = await signUpWith("/signup", { promo_code: fixedCode.code.toLowerCase() });
    expect(res.statusCode, res.body).toBe(200);
    const playerId = res.json().payload.profile.id as string;
    const [granted] = await t.database.query<{ status: string; bonus_amount: string; activated_by: string }>(
      `SELECT cb.status, trim_scale(cb.bonus_amount)::text AS bonus_amount, cpc.activated_by
         FROM customer_promo_codes cpc JOIN customer_bonuses cb ON cb.guid = cpc.customer_bonus_guid WHERE cpc.customer_guid = $1`,
      [playerId],
    );
    expect(granted).toEqual({ status: "active", bonus_amount: "7", activated_by: "signup" });

    const match = await promoCampaign(t.database, { currencyGuid: usd, type: "deposit_match", bonusPercent: "50", amount: "100", minDeposit: "10" });
    const matchCode = await promoCodeRow(t.database, { bonusGuid: match.bonusGuid, multipleUse: true });
    const res2 = await signUpWith("/signup/new-registration/signup", { promocode: matchCode.code });
    expect(res2.statusCode, res2.body).toBe(200);
    const [pending] = await t.database.query<{ status: string }>("SELECT status FROM customer_promo_codes WHERE customer_guid = $1", [res2.json().payload.profile.id]);
    expect(pending).toEqual({ status: "pending" });
  });

  it("refused sign-up codes count against the address", async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i += 1) expect((await signUpWith("/signup", { promo_code: `BAD${i}CODE` }, address)).statusCode).toBe(400);
    const locked = await signUpWith("/signup", { promo_code: "ANYTHING" }, address);
    expect(locked.statusCode).toBe(429);
  });
});
