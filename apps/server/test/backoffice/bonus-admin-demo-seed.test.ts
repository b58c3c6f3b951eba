import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CampaignDetail, CampaignRow, CampaignVersion } from "@croupier/contract/backoffice/bonuses";
import { deterministicGuid } from "@croupier/db/seed/deterministic-guid";
import { DEMO_BONUS_CAMPAIGNS, seedBonusesDemo } from "@croupier/db/seed/seed-bonuses-demo";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";

// The demo bonus campaigns (issue #17): what the seed writes, that a re-run changes nothing, and
// that each campaign passes the console's own validation under the strictest profile (gb), by
// sending its terms back as an edit.

const B = "/api/backoffice/v1";
let ctx: TestContext;
let staff: TestStaff;

const snapshot = async () =>
  queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`SELECT 'campaign' AS t, bonus_guid::text AS id, status || current_version_guid::text || updated_at::text AS v FROM bonus_campaigns
        UNION ALL SELECT 'version', guid::text, version::text || bonus_name FROM bonus_campaign_versions
        UNION ALL SELECT 'currency', guid::text, trim_scale(max_bonus_sum)::text FROM bonus_campaign_currencies
        UNION ALL SELECT 'label', guid::text, name || updated_at::text FROM bonus_labels
        ORDER BY 1, 2`,
  );

/** A version's terms as the console would send them back unchanged. */
const asInput = (v: CampaignVersion) => ({
  bonus_name: v.bonus_name,
  bonus_trigger: v.bonus_trigger,
  bonus_type: v.bonus_type,
  deposit_number: v.deposit_number,
  bonus_percent: v.bonus_percent,
  bonus_wager: v.bonus_wager,
  wagering_expiration_time: v.wagering_expiration_time,
  activation_expiration_time: v.activation_expiration_time,
  winnings_distribution_percent: v.winnings_distribution_percent,
  auto_activation: v.auto_activation,
  auto_activation_time: v.auto_activation_time,
  product: v.product,
  is_cumulative: v.is_cumulative,
  cashback_period: v.cashback_period,
  rakeback_slots_percent: v.rakeback_slots_percent,
  rakeback_live_percent: v.rakeback_live_percent,
  rakeback_payout: v.rakeback_payout,
  coin_price: v.coin_price,
  game_guids: v.game_guids,
  description: v.description,
  terms: v.terms,
  label_guids: v.label_guids,
  currencies: v.currencies.map((c) => ({
    currency: c.currency,
    min_deposit_sum: c.min_deposit_sum,
    max_bonus_sum: c.max_bonus_sum,
    max_cashout: c.max_cashout,
    bonus_threshold: c.bonus_threshold,
    free_spins_count: c.free_spins_count,
    free_spin_bet: c.free_spin_bet,
    cashback_percent: c.cashback_percent,
  })),
});

beforeAll(async () => {
  ctx = await buildTestApp({ JURISDICTION: "gb" }, { demo: true });
  staff = await createTestStaff(ctx, "marketing");
  await seedBonusesDemo(ctx.database.db);
}, 120_000);
afterAll(async () => {
  await ctx?.close();
});

describe("demo bonus campaigns", () => {
  it("seeds the six campaigns, active at version 1, and a re-run changes nothing", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: `${B}/bonus-campaigns?status=active`,
      headers: staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json().payload as CampaignRow[];
    const byName = Object.fromEntries(rows.map((r) => [r.bonus_name, r]));
    expect(byName["Welcome bonus"]).toMatchObject({
      bonus_guid: deterministicGuid("bonus-campaign:welcome-bonus"),
      bonus_trigger: "deposit",
      bonus_type: "deposit_match",
      deposit_number: 1,
      version: 1,
    });
    expect([...byName["Welcome bonus"]!.currencies].sort()).toEqual(["EUR", "USD"]);
    expect(byName["Second deposit spins"]).toMatchObject({ bonus_type: "free_spins", deposit_number: 2 });
    expect(byName["Welcome spins"]).toMatchObject({
      bonus_trigger: "manual",
      bonus_type: "free_spins",
      deposit_number: null,
    });

    const spins = (
      await ctx.app.inject({
        method: "GET",
        url: `${B}/bonus-campaigns/${deterministicGuid("bonus-campaign:second-deposit-spins")}`,
        headers: staff.headers,
      })
    ).json().payload as CampaignDetail;
    expect(spins.current.game_guids).toHaveLength(2);
    expect(spins.current.currencies.map((c) => [c.currency, c.free_spins_count, c.free_spin_bet]).sort()).toEqual([
      ["EUR", 20, "0.2"],
      ["USD", 20, "0.2"],
    ]);
    expect(spins.current).toMatchObject({ bonus_wager: "10", wagering_expiration_time: 7 * 86_400, product: "slots" });
    expect(spins.current.terms.length).toBeGreaterThan(100);

    // Issue #18 (ADR 038): the cashback, rakeback and coin campaigns the promotions parts build on.
    expect(byName["Weekly cashback"]).toMatchObject({
      bonus_guid: DEMO_BONUS_CAMPAIGNS.weeklyCashback,
      bonus_trigger: "scheduled",
      bonus_type: "cashback",
    });
    expect(byName["Rakeback"]).toMatchObject({ bonus_guid: DEMO_BONUS_CAMPAIGNS.rakeback, bonus_type: "rakeback" });
    expect(byName["Coin bonus 10"]).toMatchObject({ bonus_guid: DEMO_BONUS_CAMPAIGNS.coinBonus10, bonus_type: "coin" });
    const version = async (guid: string) =>
      (
        (await ctx.app.inject({ method: "GET", url: `${B}/bonus-campaigns/${guid}`, headers: staff.headers })).json()
          .payload as CampaignDetail
      ).current;
    const weekly = await version(DEMO_BONUS_CAMPAIGNS.weeklyCashback);
    expect(weekly).toMatchObject({ cashback_period: "weekly", bonus_wager: "1", is_cumulative: true });
    expect(weekly.currencies.map((c) => [c.currency, c.cashback_percent, c.max_bonus_sum]).sort()).toEqual([
      ["EUR", "10", "500"],
      ["USD", "10", "500"],
    ]);
    expect(await version(DEMO_BONUS_CAMPAIGNS.rakeback)).toMatchObject({
      rakeback_slots_percent: "1",
      rakeback_live_percent: "0.5",
      rakeback_payout: "cash",
      bonus_wager: "0",
    });
    const coin = await version(DEMO_BONUS_CAMPAIGNS.coinBonus10);
    expect(coin.coin_price).toBe("100");
    expect(coin.currencies.map((c) => [c.currency, c.max_bonus_sum]).sort()).toEqual([
      ["EUR", "10"],
      ["USD", "10"],
    ]);

    const before = await snapshot();
    expect(before.filter((r) => r.t === "label")).toHaveLength(2);
    await seedBonusesDemo(ctx.database.db);
    expect(await snapshot()).toEqual(before);
  });

  it("each demo campaign passes the console's validation under JURISDICTION=gb", async () => {
    for (const key of [
      "welcome-bonus",
      "second-deposit-spins",
      "welcome-spins",
      "weekly-cashback",
      "rakeback",
      "coin-bonus-10",
    ]) {
      const guid = deterministicGuid(`bonus-campaign:${key}`);
      const detail = (
        await ctx.app.inject({ method: "GET", url: `${B}/bonus-campaigns/${guid}`, headers: staff.headers })
      ).json().payload as CampaignDetail;
      const res = await ctx.app.inject({
        method: "PUT",
        url: `${B}/bonus-campaigns/${guid}`,
        headers: staff.headers,
        payload: asInput(detail.current),
      });
      expect(res.statusCode, `${key}: ${res.body}`).toBe(200);
      expect(res.json().payload.current.version).toBe(2);
    }
  });
});
