import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BONUS_INELIGIBLE_REASONS } from "@croupier/contract/entities/bonus";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { currencyGuid, openWallet } from "../wallet/wallet-helpers.ts";
import {
  insertCampaign,
  insertCampaignVersion,
  insertCustomerBonus,
  insertLabel,
  insertSuccessfulDeposit,
} from "./bonus-fixtures.ts";

// GET /bonus_hub, /bonus, /bonus_hub/labels and /workspace/bonuses (seed 001, issue #17).
// Every campaign of this file carries the run's tag in its name, so the demo seed's offers (and
// other files' rows on a shared PostgreSQL) never change what a filtered list answers.

let ctx: TestContext;
let usd: string;
let eur: string;
const tag = `T${randomUUID().slice(0, 8)}`;
const day = 86_400_000;
const past = (days: number) => new Date(Date.now() - days * day).toISOString();
const future = (days: number) => new Date(Date.now() + days * day).toISOString();

type Hub = {
  guid: string;
  bonus_guid: string;
  bonus_name: string;
  version: number;
  eligibility?: { eligible: boolean; reason: string | null; next_deposit_number: number | null };
};

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: token ? bearer(token) : {} });
const names = (body: { payload: Hub[] }) => body.payload.map((b) => b.bonus_name).sort();

let welcome: { bonusGuid: string; versionGuid: string };
let label: string;

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  usd = await currencyGuid(ctx.database, "USD");
  eur = await currencyGuid(ctx.database, "EUR");
  label = await insertLabel(ctx.database, {
    name: `${tag} Hot`,
    backgroundColor: "#ff0000",
    styles: { color: "#ffffff" },
  });
  welcome = await insertCampaign(ctx.database, {
    name: `${tag} welcome`,
    trigger: "deposit",
    depositNumber: 1,
    bonusPercent: "100",
    bonusWager: "10",
    wageringSeconds: 7 * 86_400,
    activationSeconds: 3 * 86_400,
    labelGuids: [label],
    description: "Double your first deposit",
    terms: "Full terms here.",
    product: "slots",
    startDate: past(1),
    endDate: future(30),
    currencies: [
      { currencyGuid: usd, minDepositSum: "10", maxBonusSum: "100", maxCashout: "500", bonusThreshold: "0.5" },
      { currencyGuid: eur, minDepositSum: "10", maxBonusSum: "100", maxCashout: "500" },
    ],
  });
  await insertCampaign(ctx.database, {
    name: `${tag} second`,
    trigger: "deposit",
    depositNumber: 2,
    type: "free_spins",
    bonusPercent: "0",
  });
  await insertCampaign(ctx.database, {
    name: `${tag} signup`,
    trigger: "registration",
    depositNumber: null,
    type: "fixed_amount",
  });
  await insertCampaign(ctx.database, { name: `${tag} draft`, status: "draft" });
  await insertCampaign(ctx.database, { name: `${tag} scheduled`, status: "scheduled", startDate: future(2) });
  await insertCampaign(ctx.database, { name: `${tag} paused`, status: "paused" });
  await insertCampaign(ctx.database, { name: `${tag} ended`, status: "ended" });
  await insertCampaign(ctx.database, { name: `${tag} not yet`, startDate: future(1) });
  await insertCampaign(ctx.database, { name: `${tag} over`, startDate: past(10), endDate: past(1) });
});
afterAll(async () => {
  await ctx?.close();
});

describe("GET /bonus_hub", () => {
  it("lists only active campaigns within their dates, public, without eligibility for a visitor", async () => {
    const res = await get(`/bonus_hub?bonus_name=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(names(body)).toEqual([`${tag} second`, `${tag} signup`, `${tag} welcome`].sort());
    expect(body.metadata).toMatchObject({ page: 1, per_page: 20, total: 3 });
    expect(body.payload.every((b: Hub) => b.eligibility === undefined)).toBe(true);
  });

  it("answers every field of the seed's entity in the contract's formats", async () => {
    const body = (await get(`/bonus_hub?guid=${welcome.versionGuid}`)).json();
    expect(body.payload).toHaveLength(1);
    const bonus = body.payload[0];
    expect(bonus).toMatchObject({
      guid: welcome.versionGuid,
      bonus_guid: welcome.bonusGuid,
      version: 1,
      bonus_name: `${tag} welcome`,
      bonus_status: "active",
      bonus_trigger: "deposit",
      bonus_type: "deposit_match",
      deposit_number: 1,
      bonus_percent: "100",
      bonus_wager: "10",
      wagering_expiration_time: 604_800,
      activation_expiration_time: 259_200,
      winnings_distribution_percent: "0",
      auto_activation: false,
      auto_activation_time: 0,
      project_tag_guid: null,
      is_cumulative: false,
      deposit_defer: false,
      icon: null,
      background_image: null,
      description: "Double your first deposit",
      terms: "Full terms here.",
      product: "slots",
      segment_guids: [],
      game_guids: [],
      labels: [
        { guid: label, name: `${tag} Hot`, icon: null, background_color: "#ff0000", styles: { color: "#ffffff" } },
      ],
    });
    expect(bonus.start_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(bonus.bonus_currencies.map((c: { external_guid: string }) => c.external_guid)).toEqual(["EUR", "USD"]);
    expect(bonus.bonus_currencies[1]).toMatchObject({
      external_guid: "USD",
      currency_guid: usd,
      min_deposit_sum: "10.00",
      max_bonus_sum: "100.00",
      max_cashout: "500.00",
      bonus_threshold: "0.50",
      free_spins_count: 0,
      free_spin_bet: "0.00",
      cashback_percent: "0",
    });
  });

  it("shows the current version of an edited campaign", async () => {
    // Its own name: the other tests count this file's offers by the run's tag.
    const edited = `edited-${randomUUID().slice(0, 8)}`;
    const campaign = await insertCampaign(ctx.database, { name: `${edited} v1` });
    const v2 = await insertCampaignVersion(ctx.database, campaign.bonusGuid, {
      name: `${edited} v2`,
      bonusPercent: "50",
    });
    const body = (await get(`/bonus_hub?bonus_guid=${campaign.bonusGuid}`)).json();
    expect(body.payload).toHaveLength(1);
    expect(body.payload[0]).toMatchObject({ guid: v2, version: 2, bonus_name: `${edited} v2`, bonus_percent: "50" });
    expect((await get(`/bonus_hub?guid=${campaign.versionGuid}`)).json().payload).toEqual([]);
  });

  it("filters by trigger, type, deposit number, label, name and time range", async () => {
    expect(names((await get(`/bonus_hub?bonus_name=${tag}&bonus_trigger=registration`)).json())).toEqual([
      `${tag} signup`,
    ]);
    expect(names((await get(`/bonus_hub?bonus_name=${tag}&bonus_type=free_spins`)).json())).toEqual([`${tag} second`]);
    expect(names((await get(`/bonus_hub?bonus_name=${tag}&deposit_number=2`)).json())).toEqual([`${tag} second`]);
    expect(names((await get(`/bonus_hub?label_guid=${label}`)).json())).toEqual([`${tag} welcome`]);
    expect(names((await get(`/bonus_hub?bonus_name=${tag.toLowerCase()}%20WELCOME`)).json())).toEqual([
      `${tag} welcome`,
    ]);
    // % is a literal in the name filter, not a wildcard.
    expect((await get(`/bonus_hub?bonus_name=${tag}%25`)).json().payload).toEqual([]);
    // The welcome offer ends in 30 days: a range starting after that excludes it; unix seconds work too.
    const after = Math.floor((Date.now() + 40 * day) / 1000);
    expect(names((await get(`/bonus_hub?bonus_name=${tag}&from_ts=${after}`)).json())).not.toContain(`${tag} welcome`);
    expect(
      names((await get(`/bonus_hub?bonus_name=${tag}&to_ts=${encodeURIComponent(past(2))}`)).json()),
    ).not.toContain(`${tag} welcome`);
    expect(
      names(
        (
          await get(
            `/bonus_hub?bonus_name=${tag}&from_ts=${encodeURIComponent(past(2))}&to_ts=${encodeURIComponent(future(2))}`,
          )
        ).json(),
      ),
    ).toContain(`${tag} welcome`);
  });

  it("pages with a pager in metadata and clamps huge pages", async () => {
    const first = (await get(`/bonus_hub?bonus_name=${tag}&per_page=2&page=1`)).json();
    const second = (await get(`/bonus_hub?bonus_name=${tag}&per_page=2&page=2`)).json();
    expect(first.metadata).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(second.metadata).toMatchObject({ page: 2, per_page: 2, total: 3 });
    expect(second.payload).toHaveLength(1);
    const all = [...first.payload, ...second.payload].map((b: Hub) => b.bonus_guid);
    expect(new Set(all).size).toBe(3);
    // Deposit offers come first, in deposit order.
    expect(first.payload[0].bonus_name).toBe(`${tag} welcome`);
    expect(first.payload[1].bonus_name).toBe(`${tag} second`);
    const beyond = (await get(`/bonus_hub?bonus_name=${tag}&per_page=2&page=9`)).json();
    expect(beyond).toMatchObject({ payload: [], metadata: { total: 3 } });
    const huge = (await get(`/bonus_hub?bonus_name=${tag}&per_page=10000000000`)).json();
    expect(huge.metadata.per_page).toBe(200);
  });

  it("refuses malformed filters with a 400 naming the field", async () => {
    for (const [query, field] of [
      ["bonus_type=lottery", "query.bonus_type"],
      ["bonus_trigger=x", "query.bonus_trigger"],
      ["label_guid=nope", "query.label_guid"],
      ["deposit_number=0", "query.deposit_number"],
      ["from_ts=yesterday", "query.from_ts"],
      ["to_ts=99999999999", "query.to_ts"],
      ["page=0", "query.page"],
      ["per_page=0", "query.per_page"],
      [`bonus_name=${"x".repeat(121)}`, "query.bonus_name"],
    ] as const) {
      const res = await get(`/bonus_hub?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().payload.fields.map((f: { field: string }) => f.field),
        query,
      ).toContain(field);
    }
  });

  it("hides targeted offers from visitors and from players outside the segment", async () => {
    const [segment] = await ctx.database.query<{ guid: string }>(
      "INSERT INTO segments (name, group_name) VALUES ($1, 'test') RETURNING guid",
      [`${tag} vip`],
    );
    await insertCampaign(ctx.database, { name: `${tag} vip only`, segmentGuids: [segment!.guid] });
    expect(names((await get(`/bonus_hub?bonus_name=${tag} vip`)).json())).toEqual([]);
    expect(names((await get(`/bonus_hub?bonus_name=${tag} vip&segment_guid=${segment!.guid}`)).json())).toEqual([
      `${tag} vip only`,
    ]);
    const outsider = await signUp(ctx.app, `out-${randomUUID()}@example.com`);
    expect(names((await get(`/bonus_hub?bonus_name=${tag} vip`, outsider.access_token)).json())).toEqual([]);
    const vip = await signUp(ctx.app, `vip-${randomUUID()}@example.com`);
    await ctx.database.query("INSERT INTO user_segments (user_guid, segment_guid) VALUES ($1, $2)", [
      vip.profile.id,
      segment!.guid,
    ]);
    expect(names((await get(`/bonus_hub?bonus_name=${tag} vip`, vip.access_token)).json())).toEqual([
      `${tag} vip only`,
    ]);
  });
});

describe("eligibility of a signed-in player", () => {
  it("follows the deposit number, past grants, cumulative offers and registration", async () => {
    const player = await signUp(ctx.app, `elig-${randomUUID()}@example.com`);
    const token = player.access_token;
    const byName = async () => {
      const body = (await get(`/bonus_hub?bonus_name=${tag}`, token)).json();
      return Object.fromEntries(body.payload.map((b: Hub) => [b.bonus_name.slice(tag.length + 1), b.eligibility]));
    };
    let offers = await byName();
    expect(offers.welcome).toEqual({ eligible: true, reason: null, next_deposit_number: 1 });
    expect(offers.second).toEqual({
      eligible: false,
      reason: BONUS_INELIGIBLE_REASONS.depositNumber(2),
      next_deposit_number: 1,
    });
    expect(offers.second.reason).toBe("This offer is for your 2nd deposit.");
    expect(offers.signup).toEqual({
      eligible: false,
      reason: BONUS_INELIGIBLE_REASONS.registrationOnly,
      next_deposit_number: null,
    });

    const wallet = await openWallet(ctx.database, player.profile.id, "USD");
    await insertSuccessfulDeposit(ctx.database, wallet.guid);
    await insertCustomerBonus(ctx.database, {
      playerGuid: player.profile.id,
      walletGuid: wallet.guid,
      bonusGuid: welcome.bonusGuid,
      versionGuid: welcome.versionGuid,
      status: "completed",
    });
    offers = await byName();
    expect(offers.welcome).toEqual({
      eligible: false,
      reason: BONUS_INELIGIBLE_REASONS.alreadyGranted,
      next_deposit_number: 2,
    });
    expect(offers.second).toEqual({ eligible: true, reason: null, next_deposit_number: 2 });

    // A cumulative offer may be collected again.
    const reload = await insertCampaign(ctx.database, {
      name: `${tag} reload`,
      depositNumber: null,
      isCumulative: true,
    });
    await insertCustomerBonus(ctx.database, {
      playerGuid: player.profile.id,
      walletGuid: wallet.guid,
      ...reload,
      status: "expired",
    });
    offers = await byName();
    expect(offers.reload).toEqual({ eligible: true, reason: null, next_deposit_number: 2 });

    // An offer in none of the player's wallet currencies.
    await insertCampaign(ctx.database, {
      name: `${tag} euro only`,
      depositNumber: null,
      currencies: [{ currencyGuid: eur, maxBonusSum: "5" }],
    });
    offers = await byName();
    expect(offers["euro only"]).toMatchObject({ eligible: false, reason: BONUS_INELIGIBLE_REASONS.currency });
  });
});

describe("GET /bonus", () => {
  it("answers one campaign on offer, with eligibility for a signed-in player", async () => {
    const res = await get(`/bonus?bonus_guid=${welcome.bonusGuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ guid: welcome.versionGuid, bonus_guid: welcome.bonusGuid });
    expect(res.json().payload.eligibility).toBeUndefined();
    const player = await signUp(ctx.app, `one-${randomUUID()}@example.com`);
    const mine = (await get(`/bonus?bonus_guid=${welcome.bonusGuid}`, player.access_token)).json().payload;
    expect(mine.eligibility).toEqual({ eligible: true, reason: null, next_deposit_number: 1 });
  });

  it("is a 404 for a campaign not on offer and a 400 without bonus_guid", async () => {
    const draft = (await get(`/workspace/bonuses?bonus_name=${tag} paused`)).json().payload[0] as Hub;
    expect((await get(`/bonus?bonus_guid=${draft.bonus_guid}`)).statusCode).toBe(404);
    expect((await get(`/bonus?bonus_guid=${randomUUID()}`)).json()).toMatchObject({
      status: "error",
      payload: { code: "NOT_FOUND" },
    });
    const missing = await get("/bonus");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().payload.fields.map((f: { field: string }) => f.field)).toContain("query.bonus_guid");
  });
});

describe("GET /workspace/bonuses", () => {
  it("lists scheduled, active and paused campaigns, never drafts or ended ones", async () => {
    const body = (await get(`/workspace/bonuses?bonus_name=${tag}&per_page=200`)).json();
    const listed = names(body);
    for (const name of ["welcome", "second", "signup", "scheduled", "paused", "not yet", "over"])
      expect(listed).toContain(`${tag} ${name}`);
    expect(listed).not.toContain(`${tag} draft`);
    expect(listed).not.toContain(`${tag} ended`);
    expect(body.metadata.total).toBe(listed.length);
  });

  it("filters by bonus_status and carries eligibility for a signed-in player", async () => {
    expect(names((await get(`/workspace/bonuses?bonus_name=${tag}&bonus_status=paused`)).json())).toEqual([
      `${tag} paused`,
    ]);
    expect(names((await get(`/workspace/bonuses?bonus_name=${tag}&bonus_status=draft`)).json())).toEqual([]);
    const player = await signUp(ctx.app, `ws-${randomUUID()}@example.com`);
    const body = (await get(`/workspace/bonuses?bonus_name=${tag}&bonus_status=scheduled`, player.access_token)).json();
    expect(body.payload[0].eligibility).toMatchObject({ eligible: false, reason: BONUS_INELIGIBLE_REASONS.notStarted });
    const paused = (await get(`/workspace/bonuses?bonus_name=${tag}&bonus_status=paused`, player.access_token)).json();
    expect(paused.payload[0].eligibility).toMatchObject({
      eligible: false,
      reason: BONUS_INELIGIBLE_REASONS.notRunning,
    });
  });
});

describe("GET /bonus_hub/labels", () => {
  it("lists labels with their styles, publicly", async () => {
    const body = (await get("/bonus_hub/labels")).json();
    expect(body.status).toBe("ok");
    expect(body.payload).toContainEqual({
      guid: label,
      name: `${tag} Hot`,
      icon: null,
      background_color: "#ff0000",
      styles: { color: "#ffffff" },
    });
    expect(body.metadata.total).toBe(body.payload.length);
  });
});
