import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { expectBooksClean, grant, type EngineCampaign } from "../bonuses/engine-helpers.ts";
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

// The last period of an ended cashback campaign (ADR 035): the play up to the campaign's end (staff's
// end, or its end date) is paid after it ended, the play after it never, and only once.
// PGlite and PostgreSQL.

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

async function setStatus(campaign: EngineCampaign, action: "end" | "pause" | "resume"): Promise<void> {
  const res = await t.app.inject({
    method: "POST",
    url: `/api/backoffice/v1/bonus-campaigns/${campaign.bonusGuid}/status`,
    headers: staff.headers,
    payload: { action },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function endedAt(campaign: EngineCampaign): Promise<string | null> {
  const [row] = await t.database.query<{ ended_at: string | null }>(
    "SELECT to_char(ended_at AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.US\"Z\"') AS ended_at FROM bonus_campaigns WHERE bonus_guid = $1",
    [campaign.bonusGuid],
  );
  return row!.ended_at;
}

/** A few job passes after the safety lag: closes, counts and pays whatever is due. */
async function runJob(passes = 3): Promise<void> {
  await settle();
  for (let i = 0; i < passes; i += 1) await job(t);
}

describe("a campaign ended by staff", () => {
  it("pays the losses before the end in one final period, never those after it, and only once", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "100" });
    await playRound(t, s, "20");
    await playRound(t, s, "10", { win: "4" });
    await setStatus(campaign, "end");
    const end = await endedAt(campaign);
    expect(end).not.toBeNull();
    // Play after the end: never counted.
    await playRound(t, s, "50");

    await runJob();
    const runs = await runsOf(t, campaign);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: "completed", closed_by: "schedule" });
    expect(new Date(runs[0]!.period_end).toISOString()).toBe(new Date(end!).toISOString());
    expect((await payoutsOf(t, runs[0]!.guid)).get(s.walletGuid)).toMatchObject({
      staked: "30",
      returned: "4",
      amount: "2.6",
      status: "paid",
    });
    expect(await cashbackBonusesOf(t, s.walletGuid)).toMatchObject([
      { amount: "2.6", source_key: `cashback:${runs[0]!.guid}:${s.walletGuid}` },
    ]);

    // Running it again closes nothing more and pays nothing more.
    await runJob();
    expect(await job(t)).toEqual({});
    expect(await runsOf(t, campaign)).toHaveLength(1);
    expect(await cashbackBonusesOf(t, s.walletGuid)).toHaveLength(1);
  });

  it("the final period starts where the last run ended; a paused campaign ended later is paid too", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "100" });
    await playRound(t, s, "10");
    const closed = await t.app.inject({
      method: "POST",
      url: `/api/backoffice/v1/cashback/campaigns/${campaign.bonusGuid}/close-period`,
      headers: staff.headers,
      payload: {},
    });
    expect(closed.statusCode, closed.body).toBe(200);
    await playRound(t, s, "30");
    await setStatus(campaign, "pause");
    await setStatus(campaign, "end");
    await playRound(t, s, "40");
    await runJob(4);

    const runs = await runsOf(t, campaign);
    expect(runs.map((r) => r.closed_by)).toEqual(["staff", "schedule"]);
    expect(runs[1]!.period_start).toBe(runs[0]!.period_end);
    for (const run of runs) expect(run.status).toBe("completed");
    expect((await payoutsOf(t, runs[0]!.guid)).get(s.walletGuid)).toMatchObject({
      staked: "10",
      amount: "1",
      status: "paid",
    });
    expect((await payoutsOf(t, runs[1]!.guid)).get(s.walletGuid)).toMatchObject({
      staked: "30",
      amount: "3",
      status: "paid",
    });
    expect((await cashbackBonusesOf(t, s.walletGuid)).map((b) => b.amount)).toEqual(["1", "3"]);
  });

  it("a campaign ended before it ever ran (draft) closes no period", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    await t.database.query("UPDATE bonus_campaigns SET status = 'draft' WHERE bonus_guid = $1", [campaign.bonusGuid]);
    const s = await seat(t, currency.code, { cash: "100" });
    await playRound(t, s, "20");
    await setStatus(campaign, "end");
    expect(await endedAt(campaign)).toBeNull();
    await runJob();
    expect(await runsOf(t, campaign)).toEqual([]);
    expect(await cashbackBonusesOf(t, s.walletGuid)).toEqual([]);
  });
});

describe("a campaign past its end date", () => {
  /** Ends the campaign's window now (its end date passes), as if the date had been reached. */
  async function reachEndDate(campaign: EngineCampaign): Promise<string> {
    const [row] = await t.database.query<{ end_date: string }>(
      `UPDATE bonus_campaign_versions SET end_date = now() WHERE guid = $1
       RETURNING to_char(end_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS end_date`,
      [campaign.versionGuid],
    );
    return row!.end_date;
  }

  it("pays the period up to the end date after the date passed, before the sweeper ends the campaign", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "100" });
    await playRound(t, s, "20");
    const end = await reachEndDate(campaign);
    await playRound(t, s, "30");
    await runJob();
    const runs = await runsOf(t, campaign);
    expect(runs).toHaveLength(1);
    expect(new Date(runs[0]!.period_end).toISOString()).toBe(new Date(end).toISOString());
    expect((await payoutsOf(t, runs[0]!.guid)).get(s.walletGuid)).toMatchObject({
      staked: "20",
      amount: "2",
      status: "paid",
    });

    // The sweeper then ends it (ended_at after the end date): the end date stays the end; nothing more.
    await runBonusSweep(t.database.db);
    expect(await endedAt(campaign)).not.toBeNull();
    await runJob();
    expect(await runsOf(t, campaign)).toHaveLength(1);
    expect(await cashbackBonusesOf(t, s.walletGuid)).toMatchObject([{ amount: "2" }]);
  });

  it("pays it after the sweeper ended the campaign at its date; losses after the date are not paid", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "100" });
    await playRound(t, s, "40", { win: "10" });
    const end = await reachEndDate(campaign);
    await playRound(t, s, "30");
    await runBonusSweep(t.database.db);
    const [status] = await t.database.query<{ status: string }>(
      "SELECT status FROM bonus_campaigns WHERE bonus_guid = $1",
      [campaign.bonusGuid],
    );
    expect(status!.status).toBe("ended");
    await runJob();
    await runJob();
    const runs = await runsOf(t, campaign);
    expect(runs).toHaveLength(1);
    expect(new Date(runs[0]!.period_end).toISOString()).toBe(new Date(end).toISOString());
    expect((await payoutsOf(t, runs[0]!.guid)).get(s.walletGuid)).toMatchObject({
      staked: "40",
      returned: "10",
      amount: "3",
      status: "paid",
    });
    expect(await cashbackBonusesOf(t, s.walletGuid)).toMatchObject([{ amount: "3" }]);
  });
});

describe("the engine (grantBonus earnedUntil)", () => {
  it("waives the end only for cashback earned up to it; draft, scheduled and paused stay refused", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    const s = await seat(t, currency.code, { cash: "10" });
    const cashback = (earnedUntil: string | undefined) =>
      grant(t.database, campaign, {
        playerGuid: s.playerGuid,
        currencyGuid: currency.guid,
        trigger: "scheduled",
        sourceKey: `cashback:test:${randomUUID()}`,
        amount: "1",
        earnedUntil,
      });
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    const hourAhead = new Date(Date.now() + 3_600_000).toISOString();
    for (const status of ["paused", "scheduled", "draft"]) {
      await t.database.query("UPDATE bonus_campaigns SET status = $2 WHERE bonus_guid = $1", [
        campaign.bonusGuid,
        status,
      ]);
      expect(await cashback(hourAgo)).toEqual({ status: "ineligible", reason: "the campaign is not active" });
    }
    // Ended without ended_at (it never ran, or ended before migration 0041): nothing is owed.
    await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE bonus_guid = $1", [campaign.bonusGuid]);
    expect(await cashback(hourAgo)).toEqual({ status: "ineligible", reason: "the campaign is not active" });

    await t.database.query("UPDATE bonus_campaigns SET ended_at = now() - interval '1 minute' WHERE bonus_guid = $1", [
      campaign.bonusGuid,
    ]);
    expect(await cashback(undefined)).toEqual({ status: "ineligible", reason: "the campaign is not active" });
    expect(await cashback(new Date().toISOString())).toEqual({
      status: "ineligible",
      reason: "the campaign is not active",
    });
    expect(await cashback("not a time")).toEqual({ status: "ineligible", reason: "earnedUntil is not a timestamp" });
    expect((await cashback(hourAgo)).status).toBe("granted");

    // Past the end date while still active: paid up to the end date only.
    const other = await cashbackCampaign(t, currency.guid, { percent: "10" });
    await t.database.query(
      "UPDATE bonus_campaign_versions SET end_date = now() - interval '1 minute' WHERE guid = $1",
      [other.versionGuid],
    );
    const otherGrant = (earnedUntil: string) =>
      grant(t.database, other, {
        playerGuid: s.playerGuid,
        currencyGuid: currency.guid,
        trigger: "scheduled",
        sourceKey: `cashback:test:${randomUUID()}`,
        amount: "1",
        earnedUntil,
      });
    expect(await otherGrant(hourAhead)).toEqual({ status: "ineligible", reason: "the campaign is outside its dates" });
    expect((await otherGrant(hourAgo)).status).toBe("granted");
  });

  it("does not waive it for other bonus types", async () => {
    const campaign = await cashbackCampaign(t, currency.guid, { percent: "10" });
    await t.database.query("UPDATE bonus_campaign_versions SET bonus_type = 'fixed_amount' WHERE guid = $1", [
      campaign.versionGuid,
    ]);
    await t.database.query("UPDATE bonus_campaign_currencies SET max_bonus_sum = 5 WHERE version_guid = $1", [
      campaign.versionGuid,
    ]);
    await t.database.query("UPDATE bonus_campaigns SET status = 'ended', ended_at = now() WHERE bonus_guid = $1", [
      campaign.bonusGuid,
    ]);
    const s = await seat(t, currency.code, { cash: "10" });
    const result = await grant(t.database, campaign, {
      playerGuid: s.playerGuid,
      currencyGuid: currency.guid,
      earnedUntil: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(result).toEqual({ status: "ineligible", reason: "the campaign is not active" });
  });
});
