import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { mineCoins } from "../../src/modules/loyalty/mine-coins.ts";
import { loadMiningSettings } from "../../src/modules/loyalty/load-mining-settings.ts";
import { runLoyaltyJob } from "../../src/modules/loyalty/run-loyalty-job.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer } from "../identity/identity-helpers.ts";
import { bet, providerCall, rollback } from "../wallet/wallet-helpers.ts";
import { coinBalanceOf, coinTransfers, loyaltyPlayer, pastScanHorizon, playerLoyaltyRow } from "./loyalty-helpers.ts";

// Loyalty volume, levels and coin mining (issue #18, ADR 036): the loyalty job reads game
// transactions off the hot path (scanGameTransactions), converts stakes to USD, levels players,
// and credits mined coins exactly once per period.

let ctx: TestContext;
const silentLog = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} } as never;
const runJob = () => runLoyaltyJob(ctx.database.db, silentLog);

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe("wagered volume and levels", () => {
  it("adds stakes, takes back rolled-back ones, and levels the player up with an event", async () => {
    const seat = await loyaltyPlayer(ctx, { cash: "5000" });
    // Stakes of at most 500 (the currency's slot maximum).
    const first = bet(seat, "400");
    const second = bet(seat, "500");
    expect(await providerCall(ctx.app, "bet", first)).toMatchObject({ status: "OK" });
    expect(await providerCall(ctx.app, "bet", bet(seat, "200"))).toMatchObject({ status: "OK" });
    expect(await providerCall(ctx.app, "bet", second)).toMatchObject({ status: "OK" });
    expect(await providerCall(ctx.app, "rollback", rollback(seat, second))).toMatchObject({ status: "OK" });
    await pastScanHorizon();
    await runJob();
    expect(await playerLoyaltyRow(ctx, seat.playerGuid)).toMatchObject({ level: 1, wagered_usd: "600" });

    expect(await providerCall(ctx.app, "bet", bet(seat, "450"))).toMatchObject({ status: "OK" });
    await pastScanHorizon();
    const report = await runJob();
    expect(report.levels_changed).toBeGreaterThanOrEqual(1);
    expect(await playerLoyaltyRow(ctx, seat.playerGuid)).toMatchObject({ level: 2, wagered_usd: "1050" });
    const events = await queryRows<{ payload: { level: number; previous_level: number; level_name: string } }>(
      ctx.database.db,
      sql`SELECT payload FROM outbox_events WHERE user_guid = ${seat.playerGuid}::uuid AND type = 'loyalty_level_changed' ORDER BY id`,
    );
    expect(events.map((e) => e.payload)).toEqual([
      { level: 1, previous_level: 0, level_name: "Bronze" },
      { level: 2, previous_level: 1, level_name: "Silver" },
    ]);

    // A second pass finds nothing new: every transaction counts once.
    await runJob();
    expect(await playerLoyaltyRow(ctx, seat.playerGuid)).toMatchObject({ wagered_usd: "1050" });

    const status = await ctx.app.inject({ method: "GET", url: "/api/v1/loyalty/status", headers: bearer(seat.accessToken) });
    expect(status.statusCode).toBe(200);
    expect(status.json().payload).toMatchObject({
      level: 2,
      level_name: "Silver",
      wagered_usd: "1050",
      next_level: { level: 3, name: "Gold", threshold_usd: "10000" },
      // (1050 - 1000) / (10000 - 1000) = 0.55 %
      progress_percent: 0,
    });
  });

  it("converts another currency's stakes with the stored rate of its pair with USD", async () => {
    const seat = await loyaltyPlayer(ctx, { currency: "EUR", cash: "1000" });
    expect(await providerCall(ctx.app, "bet", bet(seat, "100"))).toMatchObject({ status: "OK" });
    await pastScanHorizon();
    await runJob();
    const [expected] = await queryRows<{ usd: string }>(
      ctx.database.db,
      sql`SELECT trim_scale(round(CASE WHEN cp.base_guid = eur.guid THEN 100 * er.price ELSE 100 / er.price END, 6))::text AS usd
            FROM currencies eur JOIN currencies usd ON usd.code = 'USD'
            JOIN currency_pairs cp ON (cp.base_guid = eur.guid AND cp.quote_guid = usd.guid) OR (cp.base_guid = usd.guid AND cp.quote_guid = eur.guid)
            JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
           WHERE eur.code = 'EUR' LIMIT 1`,
    );
    expect(expected?.usd).toBeDefined();
    expect(expected!.usd).not.toBe("100");
    expect((await playerLoyaltyRow(ctx, seat.playerGuid))?.wagered_usd).toBe(expected!.usd);
  });

  it("re-levels players after staff change the thresholds", async () => {
    const seat = await loyaltyPlayer(ctx, { cash: "500" });
    expect(await providerCall(ctx.app, "bet", bet(seat, "300"))).toMatchObject({ status: "OK" });
    await pastScanHorizon();
    await runJob();
    expect((await playerLoyaltyRow(ctx, seat.playerGuid))?.level).toBe(1);
    // Silver at 200 USD now: the next pass re-levels everyone under the new version.
    await ctx.database.query("UPDATE loyalty_levels SET threshold_usd = 200 WHERE level = 2");
    await ctx.database.query("UPDATE loyalty_settings SET levels_version = levels_version + 1");
    await runJob();
    expect((await playerLoyaltyRow(ctx, seat.playerGuid))?.level).toBe(2);
    await ctx.database.query("UPDATE loyalty_levels SET threshold_usd = 1000 WHERE level = 2");
    await ctx.database.query("UPDATE loyalty_settings SET levels_version = levels_version + 1");
    await runJob();
    expect((await playerLoyaltyRow(ctx, seat.playerGuid))?.level).toBe(1);
  });
});

/** A player whose mining row is set by hand: mined_until `hoursAgo` back, one playing span inside. */
async function minerWithHistory(hoursAgo: number, activeMinutes: number, level = 0): Promise<string> {
  const seat = await loyaltyPlayer(ctx);
  await ctx.database.query(
    `INSERT INTO player_loyalty (customer_guid, level, wagered_usd, last_played_at, mined_until, levels_version)
     VALUES ($1, $3, 0, now() - interval '10 minutes', date_trunc('second', now()) - make_interval(secs => $2::numeric * 3600), (SELECT levels_version FROM loyalty_settings))
     ON CONFLICT (customer_guid) DO UPDATE SET mined_until = EXCLUDED.mined_until, last_played_at = EXCLUDED.last_played_at, level = EXCLUDED.level`,
    [seat.playerGuid, hoursAgo, level],
  );
  if (activeMinutes > 0)
    await ctx.database.query(
      `INSERT INTO loyalty_activity_spans (customer_guid, started_at, ended_at)
       SELECT $1, p.mined_until + interval '5 minutes', p.mined_until + interval '5 minutes' + make_interval(mins => $2::int)
         FROM player_loyalty p WHERE p.customer_guid = $1`,
      [seat.playerGuid, activeMinutes],
    );
  return seat.playerGuid;
}

describe("coin mining", () => {
  beforeAll(async () => {
    await ctx.database.query(
      "UPDATE loyalty_settings SET active_speed_per_hour = 10, passive_speed_per_hour = 1, accrual_period_hours = 1, activity_window_seconds = 300, mining_active_days = 30",
    );
  });

  it("credits active speed for the playing time and passive for the rest, once per period", async () => {
    // One whole period ended 30 minutes ago: 30 active minutes (5 coins) + 30 passive (0.5).
    const player = await minerWithHistory(1.5, 30);
    await runJob();
    expect(await coinTransfers(ctx, player, "mining")).toEqual([expect.objectContaining({ amount: "5.5", active_seconds: 1800 })]);
    expect(await coinBalanceOf(ctx, player)).toBe("5.5");
    await runJob();
    expect(await coinTransfers(ctx, player, "mining")).toHaveLength(1);
    const [event] = await queryRows<{ payload: unknown }>(
      ctx.database.db,
      sql`SELECT payload FROM outbox_events WHERE user_guid = ${player}::uuid AND type = 'coin_balance_updated'`,
    );
    expect(event?.payload).toEqual({ balance: "5.5", operation_type: "mining", operation_amount: "5.5" });
  });

  it("multiplies by the level's and the best segment's multiplier", async () => {
    const player = await minerWithHistory(1.2, 0, 3); // Gold ×1.5; one passive hour = 1 coin
    const low = randomUUID();
    const high = randomUUID();
    await ctx.database.query(
      `INSERT INTO segments (guid, name, group_name, data) VALUES ($1, $3, 'loyalty test', '{"mining_multiplier": 1.2}'),
                                                             ($2, $4, 'loyalty test', '{"mining_multiplier": 2}')`,
      [low, high, `Low ${low.slice(0, 8)}`, `High ${high.slice(0, 8)}`],
    );
    await ctx.database.query("INSERT INTO user_segments (user_guid, segment_guid) VALUES ($1, $2), ($1, $3)", [player, low, high]);
    await runJob();
    expect(await coinBalanceOf(ctx, player)).toBe("3");
  });

  it("credits a missed stretch of periods in one transfer and never a dormant player", async () => {
    const late = await minerWithHistory(3.5, 0);
    const dormant = await minerWithHistory(2, 0);
    await ctx.database.query("UPDATE player_loyalty SET last_played_at = now() - interval '40 days' WHERE customer_guid = $1", [dormant]);
    await runJob();
    expect(await coinTransfers(ctx, late, "mining")).toEqual([expect.objectContaining({ amount: "3" })]);
    expect(await coinTransfers(ctx, dormant, "mining")).toEqual([]);
  });

  it("restarts mining at the stake of a player back after mining stopped, never crediting the dormant stretch", async () => {
    const seat = await loyaltyPlayer(ctx, { cash: "100" });
    await ctx.database.query(
      `INSERT INTO player_loyalty (customer_guid, level, wagered_usd, last_played_at, mined_until, levels_version)
       VALUES ($1, 1, 10, now() - interval '40 days', now() - interval '10 days', (SELECT levels_version FROM loyalty_settings))`,
      [seat.playerGuid],
    );
    expect(await providerCall(ctx.app, "bet", bet(seat, "1"))).toMatchObject({ status: "OK" });
    await pastScanHorizon();
    await runJob();
    const [row] = await queryRows<{ restarted: boolean }>(
      ctx.database.db,
      sql`SELECT mined_until > now() - interval '1 minute' AS restarted FROM player_loyalty WHERE customer_guid = ${seat.playerGuid}::uuid`,
    );
    expect(row?.restarted).toBe(true);
    expect(await coinTransfers(ctx, seat.playerGuid, "mining")).toEqual([]);
  });

  it("two processes at once credit each period once", async () => {
    const players = await Promise.all([minerWithHistory(1.1, 10), minerWithHistory(1.1, 20), minerWithHistory(1.1, 0)]);
    const settings = await loadMiningSettings(ctx.database.db);
    await Promise.all([mineCoins(ctx.database.db, settings), mineCoins(ctx.database.db, settings), runJob()]);
    for (const player of players) expect(await coinTransfers(ctx, player, "mining")).toHaveLength(1);
    expect(await coinBalanceOf(ctx, players[0]!)).toBe("2.5"); // 10 min active (1.6666) + 50 passive (0.8333), truncated
  });

  it("answers the seed's speed fields: active while playing, passive otherwise", async () => {
    const seat = await loyaltyPlayer(ctx, { cash: "100" });
    const speed = async () => (await ctx.app.inject({ method: "GET", url: "/api/v1/loyalty/mining/user-speed", headers: bearer(seat.accessToken) })).json().payload;
    expect(await speed()).toMatchObject({ loyalty_level: 0, is_active: false, speed_per_hour: "1", next_accrual_time: null, accrual_period_hours: "1" });

    expect(await providerCall(ctx.app, "bet", bet(seat, "5"))).toMatchObject({ status: "OK" });
    await pastScanHorizon();
    await runJob();
    const active = await speed();
    expect(active).toMatchObject({
      segment: null,
      loyalty_level: 1,
      is_active: true,
      speed_per_hour: "10",
      speed_per_second: "0.00277778",
      active_speed_per_hour: "10",
      passive_speed_per_hour: "1",
      accrual_period_hours: "1",
      multiplier_applied: "1",
    });
    const next = Date.parse(active.next_accrual_time);
    expect(next - Date.now()).toBeGreaterThan(50 * 60_000);
    expect(next - Date.now()).toBeLessThanOrEqual(3_600_000);
    // Out of the activity window: passive.
    await ctx.database.query("UPDATE player_loyalty SET last_played_at = now() - interval '6 minutes' WHERE customer_guid = $1", [seat.playerGuid]);
    expect(await speed()).toMatchObject({ is_active: false, speed_per_hour: "1", speed_per_second: "0.00027778" });

    const coins = await ctx.app.inject({ method: "GET", url: "/api/v1/loyalty/coins", headers: bearer(seat.accessToken) });
    expect(coins.json().payload).toMatchObject({ balance: "0", next_accrual_time: active.next_accrual_time });
    expect(coins.json().payload.last_accrual_at).toEqual(expect.any(String));
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/loyalty/mining/user-speed" })).statusCode).toBe(401);
  });
});
