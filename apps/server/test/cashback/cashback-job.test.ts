import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { engineCampaign, expectBooksClean, type EngineCampaign } from "../bonuses/engine-helpers.ts";
import { hasPostgres } from "../wallet/wallet-helpers.ts";
import { runBonusSweep } from "../../src/modules/bonuses/engine/run-bonus-sweep.ts";
import {
  cashbackBonusesOf,
  cashbackCampaign,
  job,
  newCurrency,
  payoutsOf,
  playRound,
  runsOf,
  seat,
  settle,
} from "./cashback-helpers.ts";

// The cashback job (issue #18, ADR 035): net cash loss from the ledger, exactly-once runs over
// contiguous periods, staff "close now". PGlite and PostgreSQL.

let t: TestContext;
let staff: TestStaff;
let currency: { code: string; guid: string };

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  staff = await createTestStaff(t, "marketing");
});
beforeEach(async () => {
  currency = await newCurrency(t);
});
afterEach(async () => {
  await expectBooksClean(t.database);
});
afterAll(async () => {
  await t?.close();
});

async function closeNow(campaign: EngineCampaign, who: TestStaff = staff) {
  return t.app.inject({
    method: "POST",
    url: `/api/backoffice/v1/cashback/campaigns/${campaign.bonusGuid}/close-period`,
    headers: who.headers,
    payload: { comment: "test close" },
  });
}

/** Staff close now, wait out the safety lag, then one job pass. */
async function closeAndRun(campaign: EngineCampaign): Promise<string> {
  const res = await closeNow(campaign);
  expect(res.statusCode, res.body).toBe(200);
  await settle();
  await job(t);
  return (res.json() as { payload: { guid: string } }).payload.guid;
}

async function cash(walletGuid: string): Promise<string> {
  const [row] = await t.database.query<{ balance: string }>("SELECT trim_scale(balance)::text AS balance FROM wallets WHERE guid = $1", [walletGuid]);
  return row!.balance;
}

describe("net loss from the ledger", () => {
  it("counts cash staked minus cash won and refunded; bonus-funded play is left out", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const a = await seat(t, currency.code, { cash: "100" });
    await playRound(t, a, "30", { win: "5" });
    await playRound(t, a, "20", { rollback: true });
    await playRound(t, a, "10");
    // Cash first: 5 from cash, 15 from bonus money; the win is split the same way (1 cash, 3 bonus).
    const b = await seat(t, currency.code, { cash: "5", bonus: "50" });
    await playRound(t, b, "20", { win: "4" });
    // Only bonus money: nothing of it is cash.
    const c = await seat(t, currency.code, { bonus: "50" });
    await playRound(t, c, "20");
    // A winner: no loss, nothing to pay.
    const d = await seat(t, currency.code, { cash: "10" });
    await playRound(t, d, "10", { win: "25" });

    const runGuid = await closeAndRun(campaign);
    const payouts = await payoutsOf(t, runGuid);
    expect(payouts.get(a.walletGuid)).toMatchObject({ staked: "60", returned: "25", amount: "3.5", status: "paid" });
    expect(payouts.get(b.walletGuid)).toMatchObject({ staked: "5", returned: "1", amount: "0.4", status: "paid" });
    expect(payouts.has(c.walletGuid)).toBe(false);
    expect(payouts.get(d.walletGuid)).toMatchObject({ staked: "10", returned: "25", status: "skipped", reason: "no net loss in the period" });
    expect(await cashbackBonusesOf(t, d.walletGuid)).toEqual([]);

    // Wager 0 and auto-activation: granted, activated at once, completed to cash by the engine's sweep.
    expect(await cashbackBonusesOf(t, a.walletGuid)).toEqual([
      { amount: "3.5", status: "active", source_key: `cashback:${runGuid}:${a.walletGuid}` },
    ]);
    const before = await cash(a.walletGuid);
    await runBonusSweep(t.database.db);
    expect((await cashbackBonusesOf(t, a.walletGuid))[0]!.status).toBe("completed");
    expect(Number(await cash(a.walletGuid)) - Number(before)).toBeCloseTo(3.5, 10);
    const [run] = await runsOf(t, campaign);
    expect(run).toMatchObject({ status: "completed", closed_by: "staff" });
  });

  it("truncates to the currency's decimals and applies the cap (0 = no cap)", async () => {
    const capped = await cashbackCampaign(t, currency.guid, { percent: "7.5", cap: "5" });
    const small = await seat(t, currency.code, { cash: "100" });
    await playRound(t, small, "33.33"); // 7.5 % = 2.49975 → 2.49
    const big = await seat(t, currency.code, { cash: "1000" });
    await playRound(t, big, "1000"); // 75 → capped at 5
    const runGuid = await closeAndRun(capped);
    const payouts = await payoutsOf(t, runGuid);
    expect(payouts.get(small.walletGuid)).toMatchObject({ amount: "2.49", status: "paid" });
    expect(payouts.get(big.walletGuid)).toMatchObject({ amount: "5", status: "paid" });
    expect((await cashbackBonusesOf(t, small.walletGuid))[0]!.amount).toBe("2.49");
    // Rounds down to nothing: skipped, not granted.
    const tiny = await cashbackCampaign(t, currency.guid, { percent: "1" });
    const cent = await seat(t, currency.code, { cash: "1" });
    await playRound(t, cent, "0.5"); // 1 % = 0.005 → 0.00
    const tinyRun = await closeAndRun(tiny);
    expect((await payoutsOf(t, tinyRun)).get(cent.walletGuid)).toMatchObject({
      status: "skipped",
      reason: "the cashback rounds down to nothing",
    });
  });
});

describe("exactly once", () => {
  it("running the job again, or replaying a run after a crash, pays nothing more", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10", wager: "1" });
    const s = await seat(t, currency.code, { cash: "50" });
    await playRound(t, s, "40");
    const runGuid = await closeAndRun(campaign);
    expect(await cashbackBonusesOf(t, s.walletGuid)).toHaveLength(1);
    for (let i = 0; i < 3; i += 1) expect(await job(t)).toEqual({});
    // A crash after the grant but before the payout row was written cannot happen (one transaction);
    // a replay from an earlier state finds the source key taken and records the same bonus.
    const [first] = await t.database.query<{ customer_bonus_guid: string }>(
      "SELECT customer_bonus_guid FROM cashback_payouts WHERE run_guid = $1",
      [runGuid],
    );
    await t.database.query("UPDATE cashback_payouts SET status = 'pending', customer_bonus_guid = NULL WHERE run_guid = $1", [runGuid]);
    await t.database.query("UPDATE cashback_runs SET status = 'paying' WHERE guid = $1", [runGuid]);
    await job(t);
    expect(await cashbackBonusesOf(t, s.walletGuid)).toHaveLength(1);
    expect((await payoutsOf(t, runGuid)).get(s.walletGuid)).toMatchObject({
      status: "paid",
      customer_bonus_guid: first!.customer_bonus_guid,
    });
    // The next close covers only what came after: nothing was played, so nobody is paid again.
    const second = await closeAndRun(campaign);
    expect((await payoutsOf(t, second)).size).toBe(0);
    expect(await cashbackBonusesOf(t, s.walletGuid)).toHaveLength(1);
  });

  it("concurrent job passes pay every wallet once", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const seats = [];
    for (let i = 0; i < 6; i += 1) {
      const s = await seat(t, currency.code, { cash: "20" });
      await playRound(t, s, "10");
      seats.push(s);
    }
    expect((await closeNow(campaign)).statusCode).toBe(200);
    await settle();
    await Promise.all([job(t), job(t), job(t), job(t)]);
    await job(t);
    for (const s of seats) expect(await cashbackBonusesOf(t, s.walletGuid)).toMatchObject([{ amount: "1" }]);
    const [run] = await runsOf(t, campaign);
    expect(run!.status).toBe("completed");
  });

  it.runIf(hasPostgres)("waits for transactions that started before the period's end", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "20" });
    await playRound(t, s, "10");
    const client = await t.database.pool!.connect();
    try {
      await client.query("BEGIN");
      await client.query("SELECT 1");
      expect((await closeNow(campaign)).statusCode).toBe(200);
      await settle();
      await job(t);
      expect((await runsOf(t, campaign))[0]!.status).toBe("counting");
      await client.query("COMMIT");
    } finally {
      client.release();
    }
    await job(t);
    expect((await runsOf(t, campaign))[0]!.status).toBe("completed");
    expect(await cashbackBonusesOf(t, s.walletGuid)).toHaveLength(1);
  });
});

describe("periods", () => {
  it("are contiguous: scheduled closes catch up day by day, a staff close ends one now and the next starts there", async () => {
    const start = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const campaign = await cashbackCampaign(t, currency.guid, { period: "daily", startDate: start });
    for (let i = 0; i < 5; i += 1) await job(t);
    const scheduled = await runsOf(t, campaign);
    // From the start date to the next UTC midnight, then whole days up to today's midnight.
    expect(scheduled.length).toBe(3);
    expect(new Date(scheduled[0]!.period_start).toISOString()).toBe(start);
    for (const run of scheduled) expect(run.closed_by).toBe("schedule");
    for (const run of scheduled.slice(1)) expect(new Date(run.period_start).getUTCHours()).toBe(0);
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    expect(new Date(scheduled[2]!.period_end).getTime()).toBe(midnight.getTime());

    const s = await seat(t, currency.code, { cash: "100" });
    await playRound(t, s, "10");
    const first = await closeAndRun(campaign);
    await playRound(t, s, "30");
    const second = await closeAndRun(campaign);
    const runs = await runsOf(t, campaign);
    expect(runs.map((r) => r.closed_by)).toEqual(["schedule", "schedule", "schedule", "staff", "staff"]);
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]!.period_start).toBe(runs[i - 1]!.period_end);
    // Each bet counted in exactly one period.
    expect((await payoutsOf(t, first)).get(s.walletGuid)).toMatchObject({ staked: "10", amount: "1" });
    expect((await payoutsOf(t, second)).get(s.walletGuid)).toMatchObject({ staked: "30", amount: "3" });
    expect((await cashbackBonusesOf(t, s.walletGuid)).map((b) => b.amount)).toEqual(["1", "3"]);
    // The running period now starts at the last close; nothing else is due.
    expect(await job(t)).toEqual({});
  });

  it("staff closes racing each other and the schedule leave contiguous periods, each bet in one", async () => {
    const start = new Date(Date.now() - 86_400_000).toISOString();
    const campaign = await cashbackCampaign(t, currency.guid, { period: "daily", startDate: start, percent: "10" });
    const s = await seat(t, currency.code, { cash: "100" });
    await playRound(t, s, "10");
    const answers = await Promise.all([closeNow(campaign), closeNow(campaign), job(t), closeNow(campaign), job(t)]);
    const statuses = answers.slice(0, 2).concat(answers[3]!).map((a) => (a as { statusCode: number }).statusCode);
    for (const status of statuses) expect([200, 409]).toContain(status);
    await playRound(t, s, "20");
    await closeNow(campaign);
    await settle();
    for (let i = 0; i < 4; i += 1) await job(t);
    const runs = await runsOf(t, campaign);
    expect(new Date(runs[0]!.period_start).toISOString()).toBe(start);
    for (let i = 1; i < runs.length; i += 1) expect(runs[i]!.period_start).toBe(runs[i - 1]!.period_end);
    for (const run of runs) expect(run.status).toBe("completed");
    // 30 staked over all periods, each bet counted once: 1 + 2 paid in whichever runs held them.
    const [sum] = await t.database.query<{ staked: string; n: number }>(
      `SELECT trim_scale(sum(p.staked))::text AS staked, count(*)::int AS n FROM cashback_payouts p JOIN cashback_runs r ON r.guid = p.run_guid
        WHERE r.bonus_guid = $1`,
      [campaign.bonusGuid],
    );
    expect(sum!.staked).toBe("30");
    const paid = (await cashbackBonusesOf(t, s.walletGuid)).map((b) => Number(b.amount)).reduce((a, b) => a + b, 0);
    expect(paid).toBeCloseTo(3, 10);
    expect(sum!.n).toBe((await cashbackBonusesOf(t, s.walletGuid)).length);
  });

  it("a close with nothing running answers 409; a non-cashback campaign or an unknown one too", async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const later = await cashbackCampaign(t, currency.guid, { startDate: future });
    expect((await closeNow(later)).statusCode).toBe(409);
    const fixed = await engineCampaign(t.database, { currencyGuid: currency.guid, type: "fixed_amount", maxBonusSum: "5" });
    expect((await closeNow(fixed)).statusCode).toBe(409);
    expect((await closeNow({ bonusGuid: "00000000-0000-4000-8000-000000000000", versionGuid: "" })).statusCode).toBe(404);
  });
});

describe("eligibility", () => {
  it("an excluded player is not paid (the engine refuses); the others are", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const excluded = await seat(t, currency.code, { cash: "50" });
    await playRound(t, excluded, "20");
    const other = await seat(t, currency.code, { cash: "50" });
    await playRound(t, other, "20");
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, period, ends_at) VALUES ($1, 'time_out', '1d', now() + interval '1 day')",
      [excluded.playerGuid],
    );
    const runGuid = await closeAndRun(campaign);
    const payouts = await payoutsOf(t, runGuid);
    expect(payouts.get(excluded.walletGuid)).toMatchObject({ status: "skipped", reason: "the player is excluded from gambling" });
    expect(await cashbackBonusesOf(t, excluded.walletGuid)).toEqual([]);
    expect(payouts.get(other.walletGuid)).toMatchObject({ status: "paid", amount: "2" });
  });

  it("a paused campaign's run waits and pays once it resumes", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "50" });
    await playRound(t, s, "20");
    await t.database.query("UPDATE bonus_campaigns SET status = 'paused' WHERE bonus_guid = $1", [campaign.bonusGuid]);
    await closeAndRun(campaign);
    expect((await runsOf(t, campaign))[0]!.status).toBe("paying");
    expect(await cashbackBonusesOf(t, s.walletGuid)).toEqual([]);
    await t.database.query("UPDATE bonus_campaigns SET status = 'active' WHERE bonus_guid = $1", [campaign.bonusGuid]);
    await job(t);
    expect(await cashbackBonusesOf(t, s.walletGuid)).toMatchObject([{ amount: "2" }]);
  });

  // A status set by hand leaves ended_at NULL: a campaign that never ran, or ended before migration 0041
  // (the final period of a running campaign ended by staff or its date: cashback-ended-campaign.test.ts).
  it("an ended campaign without ended_at closes no period; a run still paying when it ended records the engine's refusal", async () => {
    const behind = await cashbackCampaign(t, currency.guid, { period: "daily", startDate: new Date(Date.now() - 2 * 86_400_000).toISOString() });
    await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE bonus_guid = $1", [behind.bonusGuid]);
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "50" });
    await playRound(t, s, "20");
    expect((await closeNow(campaign)).statusCode).toBe(200);
    await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE bonus_guid = $1", [campaign.bonusGuid]);
    await settle();
    for (let i = 0; i < 3; i += 1) await job(t);
    // Its daily periods are due, but an ended campaign closes nothing more.
    expect(await runsOf(t, behind)).toEqual([]);
    const [run] = await runsOf(t, campaign);
    expect(run!.status).toBe("completed");
    expect((await payoutsOf(t, run!.guid)).get(s.walletGuid)).toMatchObject({ status: "skipped", reason: "the campaign is not active" });
    expect(await cashbackBonusesOf(t, s.walletGuid)).toEqual([]);
    expect((await closeNow(campaign)).statusCode).toBe(409);
  });
});
