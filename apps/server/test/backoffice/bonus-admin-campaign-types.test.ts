import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignDetail, CampaignInputDraft } from "@croupier/contract/backoffice/bonuses";
import type { HubBonus } from "@croupier/contract/entities/bonus";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";

// Campaign types of issue #18 (ADR 038): the type/trigger matrix and the fields of cashback,
// rakeback and coin campaigns, one running rakeback campaign at a time, the preview and the player's
// hub entity carrying the new fields, and the manual grant of a coin bonus (a rakeback is refused).

const B = "/api/backoffice/v1";
let ctx: TestContext;
let marketing: TestStaff;
let playerGuid: string;

const call = (method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url: `${B}${url}`,
    headers: marketing.headers,
    payload: payload as Record<string, unknown>,
  });

const base = (overrides: Partial<CampaignInputDraft>): CampaignInputDraft => ({
  bonus_name: `Types ${randomUUID().slice(0, 8)}`,
  bonus_trigger: "manual",
  bonus_type: "fixed_amount",
  bonus_wager: "1",
  wagering_expiration_time: 7 * 86_400,
  activation_expiration_time: 7 * 86_400,
  product: "slots",
  terms: "Terms.",
  currencies: [{ currency: "USD", max_bonus_sum: "10" }],
  ...overrides,
});

const cashback = (overrides: Partial<CampaignInputDraft> = {}) =>
  base({
    bonus_trigger: "scheduled",
    bonus_type: "cashback",
    is_cumulative: true,
    cashback_period: "daily",
    currencies: [{ currency: "USD", max_bonus_sum: "500", cashback_percent: "10" }],
    ...overrides,
  });

const rakeback = (overrides: Partial<CampaignInputDraft> = {}) =>
  base({
    bonus_trigger: "scheduled",
    bonus_type: "rakeback",
    bonus_wager: "0",
    is_cumulative: true,
    rakeback_slots_percent: "1",
    rakeback_live_percent: "0.5",
    rakeback_payout: "cash",
    currencies: [{ currency: "USD" }, { currency: "EUR" }],
    ...overrides,
  });

const coin = (overrides: Partial<CampaignInputDraft> = {}) =>
  base({
    bonus_trigger: "manual",
    bonus_type: "coin",
    coin_price: "100",
    currencies: [{ currency: "USD", max_bonus_sum: "10" }],
    ...overrides,
  });

async function create(body: CampaignInputDraft): Promise<CampaignDetail> {
  const res = await call("POST", "/bonus-campaigns", body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

const status = (bonusGuid: string, action: string, extra: Record<string, unknown> = {}) =>
  call("POST", `/bonus-campaigns/${bonusGuid}/status`, { action, ...extra });

/** The fields a 400 names, sorted. */
async function refusedFields(body: CampaignInputDraft): Promise<string[]> {
  const res = await call("POST", "/bonus-campaigns", body);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().payload.code).toBe("VALIDATION_ERROR");
  return (res.json().payload.fields as { field: string }[]).map((f) => f.field).sort();
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  marketing = await createTestStaff(ctx, "marketing");
  const [player] = await queryRows<{ guid: string }>(
    ctx.database.db,
    sql`SELECT guid FROM users WHERE email = 'demo2@example.com'`,
  );
  playerGuid = player!.guid;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("campaign types: validation per type", () => {
  it("a cashback is scheduled, cumulative, with a percentage in each currency, and keeps its period", async () => {
    const detail = await create(cashback());
    expect(detail.current).toMatchObject({
      bonus_type: "cashback",
      bonus_trigger: "scheduled",
      is_cumulative: true,
      cashback_period: "daily",
      rakeback_slots_percent: "0",
      rakeback_payout: "cash",
      coin_price: "0",
    });
    expect(detail.current.currencies[0]).toMatchObject({ cashback_percent: "10", max_bonus_sum: "500" });
    // The period defaults to weekly.
    const weekly = { ...cashback() };
    delete weekly.cashback_period;
    expect((await create(weekly)).current.cashback_period).toBe("weekly");

    expect(
      await refusedFields(
        cashback({
          bonus_trigger: "manual",
          is_cumulative: false,
          currencies: [{ currency: "USD", cashback_percent: "0" }],
        }),
      ),
    ).toEqual(["body.bonus_trigger", "body.currencies.0.cashback_percent", "body.is_cumulative"]);
  });

  it("a rakeback is scheduled and cumulative, has a rate above 0, and wagering only when paid as a bonus", async () => {
    const res = await call("POST", "/bonus-campaigns", rakeback());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json().payload as CampaignDetail).current).toMatchObject({
      rakeback_slots_percent: "1",
      rakeback_live_percent: "0.5",
      rakeback_payout: "cash",
    });
    const asBonus = await create(rakeback({ rakeback_payout: "bonus", bonus_wager: "5", rakeback_live_percent: "0" }));
    expect(asBonus.current).toMatchObject({ rakeback_payout: "bonus", bonus_wager: "5", rakeback_live_percent: "0" });

    expect(
      await refusedFields(
        rakeback({
          bonus_trigger: "deposit",
          rakeback_slots_percent: "0",
          rakeback_live_percent: "0",
          bonus_wager: "3",
        }),
      ),
    ).toEqual(["body.bonus_trigger", "body.bonus_wager", "body.rakeback_slots_percent"]);
    // Out of the schema's range: the zod layer answers.
    expect((await call("POST", "/bonus-campaigns", rakeback({ rakeback_slots_percent: "101" }))).statusCode).toBe(400);
    expect((await call("POST", "/bonus-campaigns", rakeback({ rakeback_payout: "coins" as "cash" }))).statusCode).toBe(
      400,
    );
  });

  it("a coin bonus is manual with a price in coins and an amount per currency", async () => {
    const detail = await create(coin({ coin_price: "12.5" }));
    expect(detail.current).toMatchObject({ bonus_type: "coin", bonus_trigger: "manual", coin_price: "12.5" });
    expect(
      await refusedFields(
        coin({ bonus_trigger: "scheduled", coin_price: "0", currencies: [{ currency: "USD", max_bonus_sum: "0" }] }),
      ),
    ).toEqual(["body.bonus_trigger", "body.coin_price", "body.currencies.0.max_bonus_sum"]);
    expect((await call("POST", "/bonus-campaigns", coin({ coin_price: "1.23456" }))).statusCode).toBe(400);
  });

  it("only the owning type carries rates or a coin price; a promo code grants fixed, spins or a match", async () => {
    expect(
      await refusedFields(base({ rakeback_slots_percent: "1", rakeback_live_percent: "2", coin_price: "5" })),
    ).toEqual(["body.coin_price", "body.rakeback_live_percent", "body.rakeback_slots_percent"]);
    expect(await refusedFields(cashback({ bonus_trigger: "promo_code" }))).toEqual([
      "body.bonus_trigger",
      "body.bonus_type",
    ]);
    for (const type of ["fixed_amount", "deposit_match"] as const)
      await create(
        base({ bonus_trigger: "promo_code", bonus_type: type, bonus_percent: type === "deposit_match" ? "50" : "0" }),
      );
    // The gb rules still apply to the new types (wagering at most 10×).
    const gb = await buildTestApp({ JURISDICTION: "gb" }, { demo: true });
    try {
      const staff = await createTestStaff(gb, "marketing");
      const res = await gb.app.inject({
        method: "POST",
        url: `${B}/bonus-campaigns`,
        headers: staff.headers,
        payload: cashback({ bonus_wager: "11" }) as Record<string, unknown>,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().payload.fields.map((f: { field: string }) => f.field)).toEqual(["body.bonus_wager"]);
    } finally {
      await gb.close();
    }
  }, 120_000);

  it("the list filters by the new types", async () => {
    const made = await create(coin());
    const res = await call("GET", `/bonus-campaigns?type=coin&name=${encodeURIComponent(made.current.bonus_name)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.map((r: { bonus_guid: string }) => r.bonus_guid)).toEqual([made.bonus_guid]);
    const none = await call(
      "GET",
      `/bonus-campaigns?type=rakeback&name=${encodeURIComponent(made.current.bonus_name)}`,
    );
    expect(none.json().payload).toEqual([]);
  });
});

describe("one running rakeback campaign", () => {
  it("refuses activating, resuming, scheduling into or editing into a second one", async () => {
    const first = await create(rakeback());
    const second = await create(rakeback());
    expect((await status(first.bonus_guid, "activate")).statusCode).toBe(200);

    const refused = await status(second.bonus_guid, "activate");
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().payload.message).toContain(first.current.bonus_name);
    expect(refused.json().payload.message).toContain("Only one rakeback campaign can run at a time");
    // The first has no end date: any start overlaps it.
    const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
    expect((await status(second.bonus_guid, "schedule", { start_date: later })).statusCode).toBe(409);

    // Paused, the first no longer runs: the second may start, and the first cannot resume.
    expect((await status(first.bonus_guid, "pause")).statusCode).toBe(200);
    expect((await status(second.bonus_guid, "activate")).statusCode).toBe(200);
    expect((await status(first.bonus_guid, "resume")).statusCode).toBe(409);

    // A running fixed-amount campaign edited into a rakeback one is refused too.
    const fixed = await create(base({}));
    expect((await status(fixed.bonus_guid, "activate")).statusCode).toBe(200);
    const edit = await call("PUT", `/bonus-campaigns/${fixed.bonus_guid}`, rakeback());
    expect(edit.statusCode, edit.body).toBe(409);

    // Once the running one has an end date, another may be scheduled after it (not before).
    const ends = new Date(Date.now() + 2 * 86_400_000).toISOString();
    expect((await call("PUT", `/bonus-campaigns/${second.bonus_guid}`, rakeback({ end_date: ends }))).statusCode).toBe(
      200,
    );
    const overlapping = new Date(Date.now() + 86_400_000).toISOString();
    expect((await status(first.bonus_guid, "schedule", { start_date: overlapping })).statusCode).toBe(409);
    const after = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = await status(first.bonus_guid, "schedule", { start_date: after });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json().payload.status).toBe("scheduled");

    for (const guid of [first.bonus_guid, second.bonus_guid, fixed.bonus_guid])
      expect((await status(guid, "end")).statusCode).toBe(200);
  });

  it("two rakeback campaigns activated at once: exactly one starts", async () => {
    const a = await create(rakeback());
    const b = await create(rakeback());
    const results = await Promise.all([status(a.bonus_guid, "activate"), status(b.bonus_guid, "activate")]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [running] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
           WHERE v.bonus_type = 'rakeback' AND c.status = 'active'`,
    );
    expect(running!.n).toBe(1);
    for (const guid of [a.bonus_guid, b.bonus_guid]) await status(guid, "end");
  });
});

describe("what players see of the new types", () => {
  it("the preview and the player's GET /bonus carry the period, rates, payout and coin price", async () => {
    const made = await create(rakeback({ rakeback_payout: "bonus", bonus_wager: "2" }));
    const preview = await call("GET", `/bonus-campaigns/${made.bonus_guid}/preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().payload).toMatchObject({
      bonus_type: "rakeback",
      rakeback_slots_percent: "1",
      rakeback_live_percent: "0.5",
      rakeback_payout: "bonus",
      cashback_period: "weekly",
      coin_price: "0",
    });

    const coinBonus = await create(coin({ coin_price: "250" }));
    expect((await status(coinBonus.bonus_guid, "activate")).statusCode).toBe(200);
    const weekly = await create(cashback({ cashback_period: "weekly" }));
    expect((await status(weekly.bonus_guid, "activate")).statusCode).toBe(200);

    for (const [guid, expected] of [
      [coinBonus.bonus_guid, { bonus_type: "coin", coin_price: "250" }],
      [weekly.bonus_guid, { bonus_type: "cashback", cashback_period: "weekly" }],
    ] as const) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/v1/bonus?bonus_guid=${guid}` });
      expect(res.statusCode, res.body).toBe(200);
      const hub = res.json().payload as HubBonus;
      expect(hub).toMatchObject(expected);
      expect(hub.rakeback_payout).toBe("cash");
    }
    const cashbackTerms = (
      (await ctx.app.inject({ method: "GET", url: `/api/v1/bonus_hub?bonus_guid=${weekly.bonus_guid}` })).json()
        .payload as HubBonus[]
    )[0]!;
    expect(cashbackTerms.bonus_currencies[0]).toMatchObject({ cashback_percent: "10", max_bonus_sum: "500.00" });
    for (const guid of [coinBonus.bonus_guid, weekly.bonus_guid]) await status(guid, "end");
  });

  it("staff grant a coin bonus by hand (its amount) and never a rakeback", async () => {
    const coinBonus = await create(coin());
    expect((await status(coinBonus.bonus_guid, "activate")).statusCode).toBe(200);
    const grant = (bonusGuid: string) =>
      call("POST", `/players/${playerGuid}/bonuses`, {
        bonus_guid: bonusGuid,
        currency: "USD",
        comment: "Coins refunded by hand",
        idempotency_key: `types-${randomUUID()}`,
      });
    const granted = await grant(coinBonus.bonus_guid);
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().payload.customer_bonus).toMatchObject({ bonus_type: "coin", bonus_amount: "10" });

    const rake = await create(rakeback());
    expect((await status(rake.bonus_guid, "activate")).statusCode).toBe(200);
    const refused = await grant(rake.bonus_guid);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().payload.fields[0].field).toBe("body.bonus_guid");
    for (const guid of [coinBonus.bonus_guid, rake.bonus_guid]) await status(guid, "end");
  });
});
