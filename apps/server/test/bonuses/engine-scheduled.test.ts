import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createPlayer, hasPostgres, openWallet } from "../wallet/wallet-helpers.ts";
import { grantScheduledBonuses } from "../../src/modules/bonuses/engine/grant-scheduled-bonuses.ts";
import { grantRegistrationBonuses } from "../../src/modules/bonuses/engine/grant-registration-bonuses.ts";
import { runBonusSweep } from "../../src/modules/bonuses/engine/run-bonus-sweep.ts";
import { engineCampaign, expectBooksClean, type EngineCampaign } from "./engine-helpers.ts";

let t: TestContext;
// A currency of each test's own: only the players made in that test have wallets in it, so counts are exact.
let code: string;
let currency: string;

async function newCurrency(): Promise<void> {
  code = `S${randomUUID().slice(0, 6).toUpperCase()}`;
  const rows = await t.database.query<{ guid: string }>(
    `INSERT INTO currencies
     SELECT (jsonb_populate_record(null::currencies,
               to_jsonb(c) || jsonb_build_object('guid', gen_random_uuid(), 'code', $1::text, 'external_guid', $1::text,
                                                 'name', $1::text, 'is_default', false))).*
       FROM currencies c WHERE c.code = 'USD'
     RETURNING guid`,
    [code],
  );
  currency = rows[0]!.guid;
}

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  // Scheduled campaigns of the demo data would share the batch budget: only this file's campaigns run.
  await t.database.query(
    `UPDATE bonus_campaigns bc SET status = 'paused' FROM bonus_campaign_versions v
      WHERE v.guid = bc.current_version_guid AND v.bonus_trigger = 'scheduled' AND bc.status IN ('scheduled', 'active')`,
  );
});
beforeEach(newCurrency);
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  // One campaign at a time: the next test's counts are its own.
  await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status IN ('scheduled', 'active')");
  await expectBooksClean(t.database);
});

async function player(walletCodes: string[] = [code]): Promise<string> {
  const guid = await createPlayer(t.database);
  // The first wallet opened is the active one.
  for (const [i, c] of walletCodes.entries()) await openWallet(t.database, guid, c, i === 0);
  return guid;
}

async function scheduled(options: Partial<Parameters<typeof engineCampaign>[1]> = {}): Promise<EngineCampaign> {
  return engineCampaign(t.database, {
    currencyGuid: currency,
    trigger: "scheduled",
    type: "fixed_amount",
    maxBonusSum: "5",
    isCumulative: false,
    ...options,
  });
}

/** Customer bonuses of the campaign per player (player guid → how many). */
async function grantsOf(campaign: EngineCampaign): Promise<Map<string, number>> {
  const rows = await t.database.query<{ customer_guid: string; n: number; keys: string }>(
    `SELECT customer_guid, count(*)::int AS n, string_agg(source_key, ',') AS keys
       FROM customer_bonuses WHERE bonus_guid = $1 GROUP BY customer_guid`,
    [campaign.bonusGuid],
  );
  for (const row of rows) expect(row.keys).toBe(`scheduled:${campaign.bonusGuid}:${row.customer_guid}`);
  return new Map(rows.map((r) => [r.customer_guid, r.n]));
}

describe("scheduled-trigger campaigns", () => {
  it("start on their date and reach exactly the eligible players once, whatever the number of sweeps", async () => {
    const a = await player();
    const b = await player();
    // Active wallet in another currency: the wallet in the campaign's currency receives it.
    const c = await player(["EUR", code]);
    const excluded = await player();
    await t.database.query(
      "INSERT INTO player_exclusions (user_guid, kind, starts_at, ends_at) VALUES ($1, 'time_out', now(), now() + interval '1 day')",
      [excluded],
    );
    const otherCurrency = await player(["EUR"]);
    const locked = await player();
    await t.database.query("UPDATE users SET status = 'locked' WHERE guid = $1", [locked]);

    const campaign = await scheduled({ status: "scheduled", startDate: new Date(Date.now() + 3_600_000).toISOString() });
    await runBonusSweep(t.database.db);
    expect((await grantsOf(campaign)).size).toBe(0);

    await t.database.query("UPDATE bonus_campaign_versions SET start_date = now() - interval '1 second' WHERE guid = $1", [campaign.versionGuid]);
    const first = await runBonusSweep(t.database.db);
    expect(first.campaigns).toBe(1);
    expect(first.scheduled_granted).toBe(3);
    // The excluded, locked and other-currency players are never handed to grantBonus, so never retried.
    expect(first.scheduled_skipped).toBeUndefined();
    expect(first.scheduled_failed).toBeUndefined();
    const second = await runBonusSweep(t.database.db);
    expect(second.scheduled_granted).toBeUndefined();
    expect(second.scheduled_skipped).toBeUndefined();

    const grants = await grantsOf(campaign);
    expect(new Map([...grants].sort())).toEqual(new Map([[a, 1], [b, 1], [c, 1]].sort() as [string, number][]));
    expect(grants.has(excluded) || grants.has(otherCurrency) || grants.has(locked)).toBe(false);
    const [offer] = await t.database.query<{ status: string; currency_guid: string; bonus_amount: string; trigger: string }>(
      "SELECT status, currency_guid, trim_scale(bonus_amount)::text AS bonus_amount, bonus_trigger AS trigger FROM customer_bonuses WHERE bonus_guid = $1 AND customer_guid = $2",
      [campaign.bonusGuid, c],
    );
    expect(offer).toEqual({ status: "offered", currency_guid: currency, bonus_amount: "5", trigger: "scheduled" });
  });

  it("a batch smaller than the player count finishes over several ticks, then picks up a player who registers later", async () => {
    const players = [];
    for (let i = 0; i < 5; i += 1) players.push(await player());
    const campaign = await scheduled({ autoActivation: true });

    const ticks = [];
    for (let i = 0; i < 4; i += 1) ticks.push((await grantScheduledBonuses(t.database.db, { batch: 2 })).granted);
    expect(ticks).toEqual([2, 2, 1, 0]);
    expect([...(await grantsOf(campaign)).values()]).toEqual([1, 1, 1, 1, 1]);

    const late = await player();
    expect((await grantScheduledBonuses(t.database.db, { batch: 2 })).granted).toBe(1);
    expect((await grantsOf(campaign)).get(late)).toBe(1);
    // Auto-activation moved the money: the bonus is on the late player's wallet.
    const [wallet] = await t.database.query<{ bonus_balance: string }>(
      "SELECT trim_scale(bonus_balance)::text AS bonus_balance FROM wallets WHERE customer_guid = $1 AND currency_guid = $2",
      [late, currency],
    );
    expect(wallet?.bonus_balance).toBe("5");
  });

  it("once everyone is served, a new sign-up is found at once and an old account's new wallet by the next full scan", async () => {
    await player();
    const campaign = await scheduled();
    expect((await grantScheduledBonuses(t.database.db)).granted).toBe(1);
    expect((await grantScheduledBonuses(t.database.db)).granted).toBe(0);
    // An account from last year opens a wallet in the campaign's currency: not a recent sign-up.
    const veteran = await createPlayer(t.database);
    await t.database.query("UPDATE users SET created_at = now() - interval '1 year' WHERE guid = $1", [veteran]);
    await openWallet(t.database, veteran, code, true);
    expect((await grantScheduledBonuses(t.database.db)).granted).toBe(0);
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 11 * 60_000);
    try {
      expect((await grantScheduledBonuses(t.database.db)).granted).toBe(1);
    } finally {
      clock.mockRestore();
    }
    expect((await grantsOf(campaign)).get(veteran)).toBe(1);
  });

  it("grants nothing for a campaign that targets segments (segments come with issue #18), nor outside its dates", async () => {
    const someone = await player();
    const segmented = await scheduled();
    await t.database.query("UPDATE bonus_campaign_versions SET segment_guids = ARRAY[$2::uuid] WHERE guid = $1", [
      segmented.versionGuid,
      randomUUID(),
    ]);
    const over = await scheduled({ endDate: new Date(Date.now() - 1000).toISOString() });
    expect(await grantScheduledBonuses(t.database.db)).toEqual({ granted: 0, skipped: 0, failed: 0 });
    expect((await grantsOf(segmented)).has(someone)).toBe(false);
    expect((await grantsOf(over)).size).toBe(0);
  });

  it("a grant that fails is logged with the player and the campaign and never stops the others", async () => {
    const a = await player();
    const b = await player();
    const campaign = await scheduled();
    // Only a's wallet: a trigger refuses any customer bonus for a (a stand-in for an unexpected database error).
    await t.database.query(
      `CREATE OR REPLACE FUNCTION refuse_scheduled_test() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN IF NEW.customer_guid = '${a}'::uuid THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$`,
    );
    await t.database.query(
      "CREATE TRIGGER refuse_scheduled_test BEFORE INSERT ON customer_bonuses FOR EACH ROW EXECUTE FUNCTION refuse_scheduled_test()",
    );
    try {
      const log = { error: vi.fn() };
      const report = await grantScheduledBonuses(t.database.db, { log });
      expect(report).toEqual({ granted: 1, skipped: 0, failed: 1 });
      expect(log.error).toHaveBeenCalledWith(
        expect.objectContaining({ player_guid: a, bonus_guid: campaign.bonusGuid }),
        "scheduled bonus grant failed",
      );
      expect((await grantsOf(campaign)).has(b)).toBe(true);
    } finally {
      await t.database.query("DROP TRIGGER refuse_scheduled_test ON customer_bonuses");
    }
    // The next tick retries the failed player.
    expect((await grantScheduledBonuses(t.database.db)).granted).toBe(1);
    expect((await grantsOf(campaign)).get(a)).toBe(1);
  });
});

describe("registration grants", () => {
  it("a failed registration grant is logged with the player (and never thrown at sign-up)", async () => {
    await engineCampaign(t.database, { currencyGuid: currency, trigger: "registration", maxBonusSum: "5" });
    const log = { error: vi.fn(), info: vi.fn() };
    // No such user: the first wallet cannot be created.
    const ghost = randomUUID();
    await expect(grantRegistrationBonuses(t.database.db, ghost, log)).resolves.toEqual([]);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ player_guid: ghost }), "registration bonuses not granted");
  });
});

// PGlite runs one query at a time and hides races: PostgreSQL only (TEST_DATABASE_URL).
describe.skipIf(!hasPostgres)("scheduled grants under concurrency (PostgreSQL)", () => {
  it("two sweeps at once grant every player once", async () => {
    const players = [];
    for (let i = 0; i < 8; i += 1) players.push(await player());
    // Wagering to do: the concurrent full sweep must not complete (convert) what it just granted.
    const campaign = await scheduled({ autoActivation: true, wager: "10" });
    const reports = await Promise.all([
      grantScheduledBonuses(t.database.db, { batch: 5 }),
      grantScheduledBonuses(t.database.db, { batch: 5 }),
      runBonusSweep(t.database.db),
    ]);
    expect(reports.every((r) => !("failed" in r && r.failed > 0) && !("scheduled_failed" in r))).toBe(true);
    await grantScheduledBonuses(t.database.db);
    const grants = await grantsOf(campaign);
    expect(grants.size).toBe(8);
    expect([...grants.values()].every((n) => n === 1)).toBe(true);
    const [money] = await t.database.query<{ total: string }>(
      "SELECT trim_scale(sum(bonus_balance))::text AS total FROM wallets WHERE currency_guid = $1 AND customer_guid = ANY($2::uuid[])",
      [currency, players],
    );
    expect(money?.total).toBe("40");
  });
});
