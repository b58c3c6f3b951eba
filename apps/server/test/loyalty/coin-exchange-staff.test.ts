import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { moveCoins } from "../../src/modules/loyalty/move-coins.ts";
import { insertCampaign } from "../bonuses/bonus-fixtures.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { bearer } from "../identity/identity-helpers.ts";
import { currencyGuid } from "../wallet/wallet-helpers.ts";
import { coinBalanceOf, loyaltyPlayer } from "./loyalty-helpers.ts";

// The coin shop and exchange (POST /bonuses/coin/exchange/{bonus_guid}), GET /bonuses/coin/list and
// the staff loyalty API (issue #18, ADR 036).

let ctx: TestContext;
let usd: string;
let marketing: TestStaff;
let support: TestStaff;

/** An active coin campaign: 10 USD for `price` coins. */
async function coinCampaign(price: string, options: { cumulative?: boolean } = {}) {
  const campaign = await insertCampaign(ctx.database, {
    name: `Coins ${randomUUID().slice(0, 6)}`,
    trigger: "manual",
    type: "fixed_amount",
    depositNumber: null,
    isCumulative: options.cumulative ?? false,
    currencies: [{ currencyGuid: usd, maxBonusSum: "10" }],
  });
  await ctx.database.query("UPDATE bonus_campaign_versions SET bonus_type = 'coin', coin_price = $2 WHERE guid = $1", [campaign.versionGuid, price]);
  return campaign;
}

async function giveCoins(playerGuid: string, amount: string) {
  await ctx.database.db.transaction((tx) =>
    moveCoins(tx, { playerGuid, idempotencyKey: `test:${randomUUID()}`, kind: "adjustment", signedAmount: amount, reason: "test" }),
  );
}

const exchange = (token: string, bonusGuid: string, key: string) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/v1/bonuses/coin/exchange/${bonusGuid}`,
    headers: bearer(token),
    payload: { idempotency_key: key },
  });

async function customerBonusCount(playerGuid: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    ctx.database.db,
    sql`SELECT count(*)::int AS n FROM customer_bonuses WHERE customer_guid = ${playerGuid}::uuid`,
  );
  return row!.n;
}

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  usd = await currencyGuid(ctx.database, "USD");
  marketing = await createTestStaff(ctx, "marketing");
  support = await createTestStaff(ctx, "support");
});
afterAll(async () => {
  await ctx?.close();
});

describe("coin exchange", () => {
  it("grants the coin bonus and debits its price in one go; a replay pays nothing again", async () => {
    const player = await loyaltyPlayer(ctx);
    const campaign = await coinCampaign("100", { cumulative: true });
    await giveCoins(player.playerGuid, "150");

    const shop = await ctx.app.inject({ method: "GET", url: "/api/v1/loyalty/coin-shop", headers: bearer(player.accessToken) });
    expect(shop.json().payload).toContainEqual(
      expect.objectContaining({ bonus_guid: campaign.bonusGuid, coin_price: "100", amounts: [expect.objectContaining({ currency_code: "USD", amount: "10.00" })] }),
    );

    const key = `key-${randomUUID()}`;
    const first = await exchange(player.accessToken, campaign.bonusGuid, key);
    expect(first.statusCode).toBe(200);
    expect(first.json().payload).toMatchObject({
      coin_price: "100",
      coin_balance: "50",
      replayed: false,
      customer_bonus: { bonus_guid: campaign.bonusGuid, bonus_type: "coin", bonus_amount: "10.00" },
    });
    const replay = await exchange(player.accessToken, campaign.bonusGuid, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().payload).toMatchObject({ replayed: true, exchange_guid: first.json().payload.exchange_guid, coin_balance: "50" });
    expect(await coinBalanceOf(ctx, player.playerGuid)).toBe("50");
    expect(await customerBonusCount(player.playerGuid)).toBe(1);
    const [bonus] = await queryRows<{ source_key: string }>(
      ctx.database.db,
      sql`SELECT source_key FROM customer_bonuses WHERE customer_guid = ${player.playerGuid}::uuid`,
    );
    expect(bonus!.source_key).toBe(`coin:${first.json().payload.exchange_guid}`);

    const list = await ctx.app.inject({ method: "GET", url: "/api/v1/bonuses/coin/list", headers: bearer(player.accessToken) });
    expect(list.statusCode).toBe(200);
    expect(list.json().payload.map((b: { bonus_guid: string }) => b.bonus_guid)).toEqual([campaign.bonusGuid]);
    const otherType = await ctx.app.inject({ method: "GET", url: "/api/v1/bonuses/coin/list?bonus_type=cashback", headers: bearer(player.accessToken) });
    expect(otherType.json().payload).toEqual([]);
  });

  it("refuses with too few coins and moves nothing", async () => {
    const player = await loyaltyPlayer(ctx);
    const campaign = await coinCampaign("100");
    await giveCoins(player.playerGuid, "99.9999");
    const res = await exchange(player.accessToken, campaign.bonusGuid, `key-${randomUUID()}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().payload).toMatchObject({ code: "NOT_ENOUGH_MONEY" });
    expect(await coinBalanceOf(ctx, player.playerGuid)).toBe("99.9999");
    expect(await customerBonusCount(player.playerGuid)).toBe(0);
  });

  it("debits nothing when the grant is ineligible (a once-only bonus bought twice)", async () => {
    const player = await loyaltyPlayer(ctx);
    const campaign = await coinCampaign("10");
    await giveCoins(player.playerGuid, "100");
    expect((await exchange(player.accessToken, campaign.bonusGuid, `key-${randomUUID()}`)).statusCode).toBe(200);
    const again = await exchange(player.accessToken, campaign.bonusGuid, `key-${randomUUID()}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().payload).toMatchObject({ code: "CONFLICT" });
    expect(again.json().payload.message).toMatch(/already received/);
    expect(await coinBalanceOf(ctx, player.playerGuid)).toBe("90");
    expect(await customerBonusCount(player.playerGuid)).toBe(1);
  });

  it("two exchanges at once with one key buy once; with two keys and coins for one, one is refused", async () => {
    const player = await loyaltyPlayer(ctx);
    const campaign = await coinCampaign("60", { cumulative: true });
    await giveCoins(player.playerGuid, "100");
    const key = `key-${randomUUID()}`;
    const same = await Promise.all([exchange(player.accessToken, campaign.bonusGuid, key), exchange(player.accessToken, campaign.bonusGuid, key)]);
    expect(same.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(new Set(same.map((r) => r.json().payload.exchange_guid)).size).toBe(1);
    expect(await coinBalanceOf(ctx, player.playerGuid)).toBe("40");
    await giveCoins(player.playerGuid, "40");
    const two = await Promise.all([
      exchange(player.accessToken, campaign.bonusGuid, `key-${randomUUID()}`),
      exchange(player.accessToken, campaign.bonusGuid, `key-${randomUUID()}`),
    ]);
    expect(two.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await coinBalanceOf(ctx, player.playerGuid)).toBe("20");
    expect(await customerBonusCount(player.playerGuid)).toBe(2);
  });

  it("answers 404 for a campaign that is not a coin bonus", async () => {
    const player = await loyaltyPlayer(ctx);
    const campaign = await insertCampaign(ctx.database, { trigger: "manual", type: "fixed_amount", depositNumber: null, currencies: [{ currencyGuid: usd, maxBonusSum: "5" }] });
    await giveCoins(player.playerGuid, "100");
    const res = await exchange(player.accessToken, campaign.bonusGuid, `key-${randomUUID()}`);
    expect(res.statusCode).toBe(404);
    expect(await coinBalanceOf(ctx, player.playerGuid)).toBe("100");
  });

  it("keeps coin transfers immutable", async () => {
    await expect(ctx.database.query("UPDATE coin_transfers SET amount = amount + 1")).rejects.toThrow(/immutable/);
  });
});

describe("staff loyalty API", () => {
  const staff = (who: TestStaff, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
    ctx.app.inject({ method, url: `/api/backoffice/v1${url}`, headers: who.headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  async function audited(action: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(ctx.database.db, sql`SELECT count(*)::int AS n FROM staff_audit_log WHERE action = ${action}`);
    return row!.n;
  }

  it("lists, creates, edits and removes levels (audited), keeping thresholds in order", async () => {
    const levels = await staff(marketing, "GET", "/loyalty/levels");
    expect(levels.json().payload.map((l: { name: string }) => l.name)).toEqual(["Bronze", "Silver", "Gold", "Platinum"]);
    expect((await staff(support, "GET", "/loyalty/levels")).statusCode).toBe(403);

    const created = await staff(marketing, "POST", "/loyalty/levels", { level: 5, name: "Diamond", threshold_usd: "250000", coin_multiplier: "3" });
    expect(created.statusCode).toBe(200);
    expect(created.json().payload).toEqual({ level: 5, name: "Diamond", threshold_usd: "250000", coin_multiplier: "3" });
    expect((await staff(marketing, "POST", "/loyalty/levels", { level: 5, name: "Again", threshold_usd: "300000", coin_multiplier: "3" })).statusCode).toBe(409);
    const unordered = await staff(marketing, "PUT", "/loyalty/levels/5", { name: "Diamond", threshold_usd: "20000", coin_multiplier: "3" });
    expect(unordered.statusCode).toBe(400);
    const edited = await staff(marketing, "PUT", "/loyalty/levels/5", { name: "Diamond+", threshold_usd: "200000", coin_multiplier: "2.5" });
    expect(edited.json().payload).toMatchObject({ name: "Diamond+", threshold_usd: "200000", coin_multiplier: "2.5" });
    expect((await staff(marketing, "DELETE", "/loyalty/levels/5")).statusCode).toBe(200);
    expect((await staff(marketing, "DELETE", "/loyalty/levels/5")).statusCode).toBe(404);
    expect(await audited("loyalty.level_create")).toBe(1);
    expect(await audited("loyalty.level_update")).toBe(1);
    expect(await audited("loyalty.level_delete")).toBe(1);
  });

  it("reads and replaces the mining settings (audited, validated)", async () => {
    const before = await staff(marketing, "GET", "/loyalty/mining-settings");
    expect(before.json().payload).toMatchObject({ active_speed_per_hour: "10", passive_speed_per_hour: "1", accrual_period_hours: "1" });
    const input = { active_speed_per_hour: "12.5", passive_speed_per_hour: "2", accrual_period_hours: "0.01", activity_window_seconds: 120, mining_active_days: 14 };
    const saved = await staff(marketing, "PUT", "/loyalty/mining-settings", input);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().payload).toMatchObject({ ...input });
    expect((await staff(marketing, "PUT", "/loyalty/mining-settings", { ...input, accrual_period_hours: "0" })).statusCode).toBe(400);
    expect(await audited("loyalty.mining_settings")).toBe(1);
    await staff(marketing, "PUT", "/loyalty/mining-settings", {
      active_speed_per_hour: "10",
      passive_speed_per_hour: "1",
      accrual_period_hours: "1",
      activity_window_seconds: 300,
      mining_active_days: 30,
    });
  });

  it("adjusts a player's coins with a reason (audited, idempotent, never below 0)", async () => {
    const player = await loyaltyPlayer(ctx);
    const url = `/loyalty/players/${player.playerGuid}/coins`;
    const key = `adj-${randomUUID()}`;
    const credit = await staff(marketing, "POST", url, { amount: "25.5", reason: "goodwill", idempotency_key: key });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().payload).toMatchObject({ coin_balance: "25.5", transfers: [{ kind: "adjustment", amount: "25.5", reason: "goodwill" }] });
    expect((await staff(marketing, "POST", url, { amount: "25.5", reason: "goodwill", idempotency_key: key })).json().payload.coin_balance).toBe("25.5");
    const tooMuch = await staff(marketing, "POST", url, { amount: "-30", reason: "correction", idempotency_key: `adj-${randomUUID()}` });
    expect(tooMuch.statusCode).toBe(409);
    const debit = await staff(marketing, "POST", url, { amount: "-5.5", reason: "correction", idempotency_key: `adj-${randomUUID()}` });
    expect(debit.json().payload).toMatchObject({ coin_balance: "20", level: 0 });
    expect(debit.json().payload.transfers.map((t: { amount: string }) => t.amount)).toEqual(["-5.5", "25.5"]);
    const [audit] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`SELECT count(*)::int AS n FROM staff_audit_log WHERE action = 'loyalty.coin_adjustment' AND player_guid = ${player.playerGuid}::uuid`,
    );
    expect(audit!.n).toBe(2);
    expect((await staff(support, "POST", url, { amount: "1", reason: "nope", idempotency_key: `adj-${randomUUID()}` })).statusCode).toBe(403);
    expect((await staff(marketing, "GET", `/loyalty/players/${randomUUID()}`)).statusCode).toBe(404);
  });
});
