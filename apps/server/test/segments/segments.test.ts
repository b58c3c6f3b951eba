import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SegmentInput, SegmentRow, SegmentRule } from "@croupier/contract/backoffice/segments";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { hasPostgres, openWallet } from "../wallet/wallet-helpers.ts";
import { engineCampaign } from "../bonuses/engine-helpers.ts";
import { evaluatePlayerSegments } from "../../src/modules/segments/evaluate-player-segments.ts";
import { runSegmentSweep } from "../../src/modules/segments/run-segment-sweep.ts";
import { grantBonus } from "../../src/modules/bonuses/engine/grant-bonus.ts";
import { bonusEligibility, loadBonusPlayerContext } from "../../src/modules/bonuses/bonus-eligibility.ts";
import type { CampaignRow } from "../../src/modules/bonuses/campaign-query.ts";
import { BONUS_INELIGIBLE_REASONS } from "@croupier/contract/entities/bonus";
import { grantScheduledBonuses } from "../../src/modules/bonuses/engine/grant-scheduled-bonuses.ts";

// Segments (issue #18, ADR 033): each rule kind, manual vs rule memberships, customer_segment_added
// exactly once per membership added, the sweep, campaign targeting, payment methods by segment, and
// the staff API's permission and audit.

const B = "/api/backoffice/v1";
let t: TestContext;
let marketing: TestStaff;
let support: TestStaff;
let usd: string;

const staffCall = (who: TestStaff, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `${B}${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

type Player = { id: string; token: string };
async function newPlayer(): Promise<Player> {
  const s = await signUp(t.app, `seg-${randomUUID()}@example.com`);
  return { id: s.profile.id, token: s.access_token };
}
const playerCall = (p: Player, method: "GET" | "POST" | "PUT", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(p.token),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createSegment(rules: SegmentRule[], extra: Partial<SegmentInput> = {}): Promise<SegmentRow> {
  const res = await staffCall(marketing, "POST", "/segments", {
    name: `Segment ${randomUUID().slice(0, 8)}`,
    group_name: "Tests",
    rules,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload;
}

const evaluate = (player: string) => t.database.db.transaction((tx) => evaluatePlayerSegments(tx, player));

async function membership(player: string, segment: string): Promise<string | null> {
  const rows = await t.database.query<{ source: string }>(
    "SELECT source FROM user_segments WHERE user_guid = $1 AND segment_guid = $2",
    [player, segment],
  );
  return rows[0]?.source ?? null;
}

async function addedEvents(player: string, segment: string): Promise<number> {
  const rows = await t.database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM outbox_events WHERE user_guid = $1 AND type = 'customer_segment_added' AND payload->>'segment_guid' = $2",
    [player, segment],
  );
  return rows[0]!.n;
}

const testDeposit = (p: Player, amount: string) =>
  playerCall(p, "POST", "/billing/deposit/test", { amount, currency_guid: usd });

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  marketing = await createTestStaff(t, "marketing");
  support = await createTestStaff(t, "support");
  usd = (await t.database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'"))[0]!.guid;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("rules", () => {
  it("country: a player of a listed country is in, and out again when the country changes", async () => {
    const segment = await createSegment([{ kind: "country", countries: ["MT", "cy"] }]);
    const p = await newPlayer();
    expect((await evaluate(p.id)).added).not.toContain(segment.guid);
    const mt = (await t.database.query<{ guid: string }>("SELECT guid FROM countries WHERE lower(iso2) = 'mt'"))[0]!
      .guid;
    // The profile's country change is one of the events that re-evaluates.
    const res = await playerCall(p, "POST", "/profile", { country_guid: mt });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await membership(p.id, segment.guid)).toBe("rule");
    await t.database.query(
      "UPDATE users SET country_guid = (SELECT guid FROM countries WHERE lower(iso2) = 'de') WHERE guid = $1",
      [p.id],
    );
    expect(await evaluate(p.id)).toEqual({ added: [], removed: [segment.guid] });
    expect(await membership(p.id, segment.guid)).toBeNull();
  });

  it("deposits count and USD sum: a settled deposit re-evaluates, the second one crosses both", async () => {
    const tag = `dep-${randomUUID().slice(0, 8)}`;
    // The tag keeps other players out of these segments.
    const count = await createSegment([
      { kind: "deposits_count", min: 2 },
      { kind: "tag", tag },
    ]);
    const sum = await createSegment([
      { kind: "deposits_sum_usd", min: "150" },
      { kind: "tag", tag },
    ]);
    const p = await newPlayer();
    expect((await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`)).statusCode).toBe(200);
    expect((await testDeposit(p, "100")).statusCode).toBe(200);
    expect(await membership(p.id, count.guid)).toBeNull();
    expect(await membership(p.id, sum.guid)).toBeNull();
    expect((await testDeposit(p, "60")).statusCode).toBe(200);
    expect(await membership(p.id, count.guid)).toBe("rule");
    expect(await membership(p.id, sum.guid)).toBe("rule");
  });

  it("deposits sum converts other currencies at the stored rate", async () => {
    const tag = `fx-${randomUUID().slice(0, 8)}`;
    const rows = await t.database.query<{ guid: string; code: string; usd: string }>(
      `SELECT c.guid, c.code, (er.price)::text AS usd FROM currencies c
         JOIN currency_pairs cp ON cp.base_guid = c.guid AND cp.status = 'active'
         JOIN currencies q ON q.guid = cp.quote_guid AND q.is_default
         JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
        WHERE NOT c.is_default AND er.price > 0 LIMIT 1`,
    );
    const other = rows[0];
    if (!other) return; // no demo rate stored: nothing to convert
    const p = await newPlayer();
    const wallet = (await openWallet(t.database, p.id, other.code, false)).guid;
    // 10 units worth 10 × rate USD: a rule just below that matches, one just above does not.
    await t.database.query(
      `INSERT INTO payments (customer_guid, wallet_guid, currency_guid, payment_system_guid, transaction_type, status, amount, number)
       VALUES ($1, $2, $3, (SELECT guid FROM payment_systems ORDER BY created_at LIMIT 1), 'deposit', 'successful', 10, 1)`,
      [p.id, wallet, other.guid],
    );
    const worth = (
      await t.database.query<{ below: string; above: string }>(
        "SELECT trunc(10 * $1::numeric - 0.01, 2)::text AS below, trunc(10 * $1::numeric + 0.01, 2)::text AS above",
        [other.usd],
      )
    )[0]!;
    const below = await createSegment([
      { kind: "deposits_sum_usd", min: worth.below },
      { kind: "tag", tag },
    ]);
    const above = await createSegment([
      { kind: "deposits_sum_usd", min: worth.above },
      { kind: "tag", tag },
    ]);
    await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`);
    expect(await membership(p.id, below.guid)).toBe("rule");
    expect(await membership(p.id, above.guid)).toBeNull();
  });

  it("loyalty level reads player_loyalty (no row: level 0)", async () => {
    const tag = `loy-${randomUUID().slice(0, 8)}`;
    const segment = await createSegment([
      { kind: "loyalty_level", min: 2 },
      { kind: "tag", tag },
    ]);
    const p = await newPlayer();
    await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`);
    expect(await membership(p.id, segment.guid)).toBeNull();
    const present = (
      await t.database.query<{ ok: boolean }>("SELECT to_regclass('player_loyalty') IS NOT NULL AS ok")
    )[0]!.ok;
    // Until the loyalty part's table exists in this database, a stand-in with its agreed columns.
    if (!present)
      await t.database.query(
        "CREATE TABLE player_loyalty (customer_guid uuid PRIMARY KEY, level integer NOT NULL DEFAULT 0)",
      );
    await t.database.query("INSERT INTO player_loyalty (customer_guid, level) VALUES ($1, 3)", [p.id]);
    expect((await evaluate(p.id)).added).toEqual([segment.guid]);
  });

  it("days since registration (at least / at most) and the sweep's due re-evaluation", async () => {
    const tag = `age-${randomUUID().slice(0, 8)}`;
    const fresh = await createSegment([
      { kind: "registered_days", op: "lte", days: 2 },
      { kind: "tag", tag },
    ]);
    const old = await createSegment([
      { kind: "registered_days", op: "gte", days: 10 },
      { kind: "tag", tag },
    ]);
    const p = await newPlayer();
    await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`);
    expect(await membership(p.id, fresh.guid)).toBe("rule");
    expect(await membership(p.id, old.guid)).toBeNull();
    const [check] = await t.database.query<{ due: boolean }>(
      "SELECT next_check_at = (SELECT created_at FROM users WHERE guid = $1) + interval '3 days' AS due FROM segment_player_checks WHERE user_guid = $1",
      [p.id],
    );
    expect(check?.due).toBe(true);
    // Eleven days later (the clock moved): the sweep finds the player due and moves them.
    await t.database.query("UPDATE users SET created_at = created_at - interval '11 days' WHERE guid = $1", [p.id]);
    await t.database.query(
      "UPDATE segment_player_checks SET next_check_at = now() - interval '1 second' WHERE user_guid = $1",
      [p.id],
    );
    const report = await runSegmentSweep(t.database.db, t.app.log);
    expect(report.due_players).toBeGreaterThanOrEqual(1);
    expect(await membership(p.id, fresh.guid)).toBeNull();
    expect(await membership(p.id, old.guid)).toBe("rule");
    const [after] = await t.database.query<{ next: string | null }>(
      "SELECT next_check_at::text AS next FROM segment_player_checks WHERE user_guid = $1",
      [p.id],
    );
    expect(after?.next).toBeNull();
  });

  it("verified", async () => {
    const tag = `ver-${randomUUID().slice(0, 8)}`;
    const segment = await createSegment([
      { kind: "verified", value: true },
      { kind: "tag", tag },
    ]);
    const p = await newPlayer();
    await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`);
    expect(await membership(p.id, segment.guid)).toBeNull();
    await t.database.query("UPDATE users SET is_verified = true WHERE guid = $1", [p.id]);
    expect((await evaluate(p.id)).added).toEqual([segment.guid]);
  });

  it("staff tags: setting one adds the player (one event), removing it takes them out", async () => {
    const tag = `vip-${randomUUID().slice(0, 8)}`;
    const segment = await createSegment([{ kind: "tag", tag }]);
    const p = await newPlayer();
    const set = await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag.toUpperCase()}`);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().payload.tags.map((x: { tag: string }) => x.tag)).toEqual([tag]);
    expect(set.json().payload.segments).toMatchObject([{ guid: segment.guid, source: "rule" }]);
    await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`);
    await evaluate(p.id);
    expect(await addedEvents(p.id, segment.guid)).toBe(1);
    const [event] = await t.database.query<{ payload: { segment_guid: string; name: string } }>(
      "SELECT payload FROM outbox_events WHERE user_guid = $1 AND type = 'customer_segment_added'",
      [p.id],
    );
    expect(event?.payload).toEqual({ segment_guid: segment.guid, name: segment.name });
    const removed = await staffCall(marketing, "DELETE", `/players/${p.id}/tags/${tag}`);
    expect(removed.json().payload).toEqual({ segments: [], tags: [] });
    const audit = await t.database.query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE player_guid = $1 AND target_type = 'player_tag' ORDER BY id",
      [p.id],
    );
    expect(audit.map((a) => a.action)).toEqual(["player.tag_add", "player.tag_remove"]);
  });
});

describe("manual memberships", () => {
  it("a rule never removes a manual membership; a manual assignment of a rule member makes it manual, without a second event", async () => {
    const tag = `man-${randomUUID().slice(0, 8)}`;
    const segment = await createSegment([{ kind: "tag", tag }]);
    const manualOnly = await createSegment([]);
    const p = await newPlayer();
    const assigned = await staffCall(marketing, "PUT", `/segments/${manualOnly.guid}/members/${p.id}`);
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().payload).toMatchObject({ player_guid: p.id, source: "manual" });
    expect(await addedEvents(p.id, manualOnly.guid)).toBe(1);
    expect((await evaluate(p.id)).removed).toEqual([]);
    expect(await membership(p.id, manualOnly.guid)).toBe("manual");

    await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`);
    expect(await membership(p.id, segment.guid)).toBe("rule");
    await staffCall(marketing, "PUT", `/segments/${segment.guid}/members/${p.id}`);
    expect(await membership(p.id, segment.guid)).toBe("manual");
    expect(await addedEvents(p.id, segment.guid)).toBe(1);
    // The tag goes, the rule no longer matches, the manual membership stays.
    await staffCall(marketing, "DELETE", `/players/${p.id}/tags/${tag}`);
    expect(await membership(p.id, segment.guid)).toBe("manual");

    const members = await staffCall(marketing, "GET", `/segments/${manualOnly.guid}/members?per_page=10`);
    expect(members.json().payload.map((m: { player_guid: string }) => m.player_guid)).toEqual([p.id]);
    expect(members.json().metadata).toMatchObject({ page: 1, per_page: 10, total: 1 });
    const out = await staffCall(marketing, "DELETE", `/segments/${manualOnly.guid}/members/${p.id}`);
    expect(out.json().payload).toEqual({ removed: true });
    expect(await membership(p.id, manualOnly.guid)).toBeNull();
  });

  it("a removal the rules would undo is refused and changes nothing", async () => {
    const tag = `keep-${randomUUID().slice(0, 8)}`;
    const segment = await createSegment([{ kind: "tag", tag }]);
    const p = await newPlayer();
    await staffCall(marketing, "PUT", `/players/${p.id}/tags/${tag}`);
    const res = await staffCall(marketing, "DELETE", `/segments/${segment.guid}/members/${p.id}`);
    expect(res.statusCode).toBe(409);
    expect(await membership(p.id, segment.guid)).toBe("rule");
    expect(await addedEvents(p.id, segment.guid)).toBe(1);
  });
});

describe("the sweep", () => {
  it("rebuilds memberships for every player after a rules change, in bounded slices", async () => {
    const tag = `reb-${randomUUID().slice(0, 8)}`;
    const players = await Promise.all([newPlayer(), newPlayer()]);
    for (const p of players)
      await t.database.query("INSERT INTO player_tags (user_guid, tag) VALUES ($1, $2)", [p.id, tag]);
    const segment = await createSegment([{ kind: "tag", tag }]);
    for (const p of players) expect(await membership(p.id, segment.guid)).toBeNull();
    for (let pass = 0; pass < 50; pass += 1) {
      await runSegmentSweep(t.database.db, t.app.log);
      const [state] = await t.database.query<{ cursor: string | null }>(
        "SELECT rebuild_cursor::text AS cursor FROM segment_sweep_state",
      );
      if (state?.cursor === null) break;
    }
    for (const p of players) expect(await membership(p.id, segment.guid)).toBe("rule");
    for (const p of players) expect(await addedEvents(p.id, segment.guid)).toBe(1);
    // A second rebuild adds nothing and sends nothing.
    await t.database.query("UPDATE segment_sweep_state SET rebuild_cursor = '00000000-0000-0000-0000-000000000000'");
    await runSegmentSweep(t.database.db, t.app.log);
    for (const p of players) expect(await addedEvents(p.id, segment.guid)).toBe(1);
  });

  it("picks up new sign-ups never evaluated", async () => {
    const segment = await createSegment([
      { kind: "registered_days", op: "lte", days: 0 },
      { kind: "verified", value: false },
    ]);
    const p = await newPlayer();
    await t.database.query("DELETE FROM segment_player_checks WHERE user_guid = $1", [p.id]);
    await t.database.query("DELETE FROM user_segments WHERE user_guid = $1", [p.id]);
    await t.database.query("UPDATE segment_sweep_state SET rebuild_cursor = NULL");
    const report = await runSegmentSweep(t.database.db, t.app.log);
    expect(report.new_players).toBeGreaterThanOrEqual(1);
    expect(await membership(p.id, segment.guid)).toBe("rule");
    // The segment would match everyone new: take it away so later tests are not crowded.
    await staffCall(marketing, "PUT", `/segments/${segment.guid}`, {
      name: segment.name,
      group_name: "Tests",
      rules: [{ kind: "tag", tag: "nobody-has-this" }],
    });
  });
});

describe.skipIf(!hasPostgres)("concurrency (PostgreSQL)", () => {
  it("two evaluations racing add the membership once and send one event", async () => {
    const tag = `race-${randomUUID().slice(0, 8)}`;
    const segment = await createSegment([{ kind: "tag", tag }]);
    const p = await newPlayer();
    await t.database.query("INSERT INTO player_tags (user_guid, tag) VALUES ($1, $2)", [p.id, tag]);
    const results = await Promise.all([evaluate(p.id), evaluate(p.id), evaluate(p.id)]);
    expect(results.flatMap((r) => r.added)).toEqual([segment.guid]);
    expect(await addedEvents(p.id, segment.guid)).toBe(1);
  });
});

describe("campaign targeting", () => {
  it("grantBonus refuses a player outside the version's segments and grants a member", async () => {
    const segment = await createSegment([]);
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5" });
    await t.database.query("UPDATE bonus_campaign_versions SET segment_guids = ARRAY[$1]::uuid[] WHERE guid = $2", [
      segment.guid,
      campaign.versionGuid,
    ]);
    const p = await newPlayer();
    await openWallet(t.database, p.id, "USD");
    const grant = () =>
      t.database.db.transaction((tx) =>
        grantBonus(tx, {
          versionGuid: campaign.versionGuid,
          playerGuid: p.id,
          currencyGuid: usd,
          trigger: "manual",
          sourceKey: `seg:${randomUUID()}`,
        }),
      );
    expect(await grant()).toEqual({ status: "ineligible", reason: "not in the campaign's segments" });
    await staffCall(marketing, "PUT", `/segments/${segment.guid}/members/${p.id}`);
    expect(await grant()).toEqual({ status: "granted", customerBonusGuid: expect.any(String) });
  });

  it("the hub shows a targeted offer only to its segment's players, eligible", async () => {
    const segment = await createSegment([]);
    const campaign = await engineCampaign(t.database, {
      currencyGuid: usd,
      trigger: "deposit",
      type: "deposit_match",
      bonusPercent: "100",
      maxBonusSum: "50",
    });
    await t.database.query("UPDATE bonus_campaign_versions SET segment_guids = ARRAY[$1]::uuid[] WHERE guid = $2", [
      segment.guid,
      campaign.versionGuid,
    ]);
    const p = await newPlayer();
    const one = () => playerCall(p, "GET", `/bonus?bonus_guid=${campaign.bonusGuid}`);
    expect((await one()).statusCode).toBe(404);
    const hub = await playerCall(p, "GET", "/bonus_hub?per_page=100");
    expect(hub.json().payload.map((b: { bonus_guid: string }) => b.bonus_guid)).not.toContain(campaign.bonusGuid);
    await staffCall(marketing, "PUT", `/segments/${segment.guid}/members/${p.id}`);
    const shown = await one();
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().payload.eligibility).toMatchObject({ eligible: true });
  });

  it("hub eligibility names the segment reason, then says eligible once the player is in", async () => {
    const segment = await createSegment([]);
    const p = await newPlayer();
    const offer = {
      bonus_guid: randomUUID(),
      bonus_status: "active",
      bonus_trigger: "deposit",
      start_date: null,
      end_date: null,
      is_cumulative: false,
      deposit_number: null,
      bonus_currencies: [],
      segment_guids: [segment.guid],
    } as unknown as CampaignRow;
    const before = bonusEligibility(offer, await loadBonusPlayerContext(t.database.db, p.id));
    expect(before).toMatchObject({ eligible: false, reason: BONUS_INELIGIBLE_REASONS.segment });
    await staffCall(marketing, "PUT", `/segments/${segment.guid}/members/${p.id}`);
    expect(bonusEligibility(offer, await loadBonusPlayerContext(t.database.db, p.id))).toMatchObject({
      eligible: true,
    });
  });

  it("a targeted scheduled campaign is granted to its segment's players only", async () => {
    await t.database.query(
      `UPDATE bonus_campaigns bc SET status = 'paused' FROM bonus_campaign_versions v
        WHERE v.guid = bc.current_version_guid AND v.bonus_trigger = 'scheduled' AND bc.status IN ('scheduled', 'active')`,
    );
    const segment = await createSegment([]);
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, trigger: "scheduled", maxBonusSum: "3" });
    await t.database.query("UPDATE bonus_campaign_versions SET segment_guids = ARRAY[$1]::uuid[] WHERE guid = $2", [
      segment.guid,
      campaign.versionGuid,
    ]);
    const [inside, outside] = await Promise.all([newPlayer(), newPlayer()]);
    for (const p of [inside, outside]) await openWallet(t.database, p.id, "USD");
    await staffCall(marketing, "PUT", `/segments/${segment.guid}/members/${inside.id}`);
    for (let i = 0; i < 20; i += 1)
      if ((await grantScheduledBonuses(t.database.db, { batch: 500 })).granted === 0) break;
    const granted = await t.database.query<{ customer_guid: string }>(
      "SELECT customer_guid FROM customer_bonuses WHERE bonus_guid = $1",
      [campaign.bonusGuid],
    );
    expect(granted.map((g) => g.customer_guid)).toEqual([inside.id]);
    expect(granted.map((g) => g.customer_guid)).not.toContain(outside.id);
  });
});

describe("payment methods by segment", () => {
  it("a segment linked to a payment segment changes the player's billing segments and methods", async () => {
    const gb = (
      await t.database.query<{ guid: string }>("SELECT guid FROM payment_segments WHERE code = 'default-gb'")
    )[0]!.guid;
    const segment = await createSegment([], { payment_segment_guid: gb });
    expect(segment).toMatchObject({ payment_segment_guid: gb, payment_segment_name: "United Kingdom" });
    const p = await newPlayer();
    const methods = async () =>
      ((await playerCall(p, "GET", "/payments/methods")).json().payload as { name: string }[]).map((m) => m.name);
    expect(await methods()).toEqual(["Bank card", "Cryptocurrency"]);
    await staffCall(marketing, "PUT", `/segments/${segment.guid}/members/${p.id}`);
    expect(await methods()).toEqual(["Bank card"]);
    const profile = (await playerCall(p, "GET", "/profile")).json().payload;
    expect(profile.billing_segments).toEqual(["default-gb"]);
    expect(profile.segments.map((s: { guid: string }) => s.guid)).toEqual([segment.guid]);
    const own = (await playerCall(p, "GET", "/segments")).json().payload;
    expect(own.map((s: { guid: string }) => s.guid)).toEqual([segment.guid]);
  });
});

describe("staff API", () => {
  it("needs bonuses.manage; every change is audited; a targeted segment cannot be deleted", async () => {
    expect((await staffCall(support, "GET", "/segments")).statusCode).toBe(403);
    expect((await staffCall(support, "POST", "/segments", { name: "x", group_name: "y" })).statusCode).toBe(403);
    const segment = await createSegment([{ kind: "verified", value: true }], { data: { mining_multiplier: 2 } });
    expect(segment.data).toEqual({ mining_multiplier: 2 });
    const bad = await staffCall(marketing, "POST", "/segments", {
      name: "Bad",
      group_name: "Tests",
      rules: [{ kind: "country", countries: [] }],
    });
    expect(bad.statusCode).toBe(400);
    const dup = await staffCall(marketing, "POST", "/segments", { name: segment.name, group_name: "Tests" });
    expect(dup.statusCode).toBe(400);
    const preview = await staffCall(marketing, "POST", "/segments/preview", {
      rules: [{ kind: "tag", tag: "nobody-has-this" }],
    });
    expect(preview.json().payload).toEqual({ players: 0 });
    const edited = await staffCall(marketing, "PUT", `/segments/${segment.guid}`, {
      name: `${segment.name} 2`,
      group_name: "Tests",
      rules: [],
    });
    expect(edited.json().payload).toMatchObject({ name: `${segment.name} 2`, rules: [] });
    const listed = await staffCall(marketing, "GET", `/segments?name=${encodeURIComponent(segment.name)}`);
    expect(listed.json().payload.map((s: SegmentRow) => s.guid)).toEqual([segment.guid]);

    const campaign = await engineCampaign(t.database, { currencyGuid: usd });
    await t.database.query("UPDATE bonus_campaign_versions SET segment_guids = ARRAY[$1]::uuid[] WHERE guid = $2", [
      segment.guid,
      campaign.versionGuid,
    ]);
    expect((await staffCall(marketing, "DELETE", `/segments/${segment.guid}`)).statusCode).toBe(409);
    await t.database.query("UPDATE bonus_campaign_versions SET segment_guids = '{}' WHERE guid = $1", [
      campaign.versionGuid,
    ]);
    // A per-segment feature flag answer goes with the segment (ADR 028's table references it).
    await t.database.query(
      "INSERT INTO feature_flag_segments (feature, segment_guid, enabled) VALUES ('bonus-hub', $1, true)",
      [segment.guid],
    );
    const deleted = await staffCall(marketing, "DELETE", `/segments/${segment.guid}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      await t.database.query("SELECT 1 FROM feature_flag_segments WHERE segment_guid = $1", [segment.guid]),
    ).toEqual([]);
    expect((await staffCall(marketing, "GET", `/segments/${segment.guid}`)).statusCode).toBe(404);
    const audit = await t.database.query<{ action: string; staff_guid: string }>(
      "SELECT action, staff_guid FROM staff_audit_log WHERE target_type = 'segment' AND target_id = $1 ORDER BY id",
      [segment.guid],
    );
    expect(audit.map((a) => a.action)).toEqual(["segment.create", "segment.update", "segment.delete"]);
    expect(new Set(audit.map((a) => a.staff_guid))).toEqual(new Set([marketing.staffId]));
  });
});
