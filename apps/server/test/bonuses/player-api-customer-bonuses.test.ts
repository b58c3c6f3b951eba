import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WALLET_BUSY_MESSAGE } from "../../src/modules/bonuses/engine/activate-customer-bonus.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { currencyGuid, openWallet } from "../wallet/wallet-helpers.ts";
import { insertCampaign, insertCustomerBonus } from "./bonus-fixtures.ts";

// GET /bonuses/list, PATCH /bonuses/activate/{guid}, PATCH /bonuses/cancel/{guid} (seed 001, issue #17).

let ctx: TestContext;
let usd: string;
type Player = { id: string; token: string; walletGuid: string };

const call = (method: "GET" | "PATCH", url: string, token?: string) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {} });

async function newPlayer(prefix: string, currency = "USD"): Promise<Player> {
  const session = await signUp(ctx.app, `${prefix}-${randomUUID()}@example.com`);
  const wallet = await openWallet(ctx.database, session.profile.id, currency);
  return { id: session.profile.id, token: session.access_token, walletGuid: wallet.guid };
}

let campaign: { bonusGuid: string; versionGuid: string };
let spins: { bonusGuid: string; versionGuid: string };

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  usd = await currencyGuid(ctx.database, "USD");
  campaign = await insertCampaign(ctx.database, {
    name: `Match ${randomUUID().slice(0, 6)}`,
    terms: "Wager 10x within 7 days.",
    product: "slots",
    currencies: [{ currencyGuid: usd, maxBonusSum: "100" }],
  });
  spins = await insertCampaign(ctx.database, {
    name: "Spins",
    type: "free_spins",
    trigger: "manual",
    depositNumber: null,
  });
});
afterAll(async () => {
  await ctx?.close();
});

describe("auth", () => {
  it("answers 401 without a token on every customer-bonus call", async () => {
    const guid = randomUUID();
    expect((await call("GET", "/bonuses/list")).statusCode).toBe(401);
    expect((await call("PATCH", `/bonuses/activate/${guid}`)).statusCode).toBe(401);
    expect((await call("PATCH", `/bonuses/cancel/${guid}`)).statusCode).toBe(401);
    expect((await call("GET", "/bonuses/list")).json()).toMatchObject({
      status: "error",
      payload: { code: "UNAUTHORIZED" },
    });
  });
});

describe("GET /bonuses/list", () => {
  let alice: Player;
  let bob: Player;
  const guids: Record<string, string> = {};

  beforeAll(async () => {
    alice = await newPlayer("alice");
    bob = await newPlayer("bob");
    const base = { playerGuid: alice.id, walletGuid: alice.walletGuid, ...campaign };
    // Oldest first, so the list (newest first) reads active, offered, spins, completed, cancelled.
    guids.cancelled = await insertCustomerBonus(ctx.database, {
      ...base,
      status: "cancelled",
      bonusAmount: "5",
      forfeitedAmount: "5",
      createdOffsetSeconds: -500,
    });
    guids.completed = await insertCustomerBonus(ctx.database, {
      ...base,
      status: "completed",
      bonusAmount: "20",
      wagerAmount: "200",
      convertedAmount: "17.5",
      forfeitedAmount: "0",
      createdOffsetSeconds: -400,
    });
    guids.spins = await insertCustomerBonus(ctx.database, {
      playerGuid: alice.id,
      walletGuid: alice.walletGuid,
      ...spins,
      type: "free_spins",
      trigger: "manual",
      status: "offered",
      freeSpinCount: 10,
      freeSpinAmount: "0.2",
      createdOffsetSeconds: -300,
    });
    guids.offered = await insertCustomerBonus(ctx.database, {
      ...base,
      status: "offered",
      bonusAmount: "50",
      wagerAmount: "500",
      createdOffsetSeconds: -200,
    });
    guids.active = await insertCustomerBonus(ctx.database, {
      ...base,
      status: "active",
      bonusAmount: "100",
      wagerAmount: "1000",
      maxCashout: "300",
      createdOffsetSeconds: -100,
      wallet: { wager: "750", bonusBalance: "80.5" },
    });
    // Bob's own bonus, which Alice must never see.
    guids.bobs = await insertCustomerBonus(ctx.database, {
      playerGuid: bob.id,
      walletGuid: bob.walletGuid,
      ...campaign,
      status: "offered",
    });
  });

  it("lists only the player's own bonuses, newest first, with a pager", async () => {
    const body = (await call("GET", "/bonuses/list", alice.token)).json();
    expect(body.payload.map((b: { guid: string }) => b.guid)).toEqual([
      guids.active,
      guids.offered,
      guids.spins,
      guids.completed,
      guids.cancelled,
    ]);
    expect(body.metadata).toMatchObject({ page: 1, per_page: 20, total: 5 });
    const bobs = (await call("GET", "/bonuses/list", bob.token)).json();
    expect(bobs.payload.map((b: { guid: string }) => b.guid)).toEqual([guids.bobs]);
    // Filtering by another player's guid finds nothing.
    expect((await call("GET", `/bonuses/list?guid=${guids.bobs}`, alice.token)).json()).toMatchObject({
      payload: [],
      metadata: { total: 0 },
    });
  });

  it("shows an active bonus with the wallet's live figures, in currency decimals", async () => {
    const [active] = (await call("GET", `/bonuses/list?guid=${guids.active}`, alice.token)).json().payload;
    expect(active).toMatchObject({
      guid: guids.active,
      customer_guid: alice.id,
      wallet_guid: alice.walletGuid,
      currency_guid: usd,
      currency_code: "USD",
      bonus_guid: campaign.bonusGuid,
      bonus_version_guid: campaign.versionGuid,
      status: "active",
      bonus_trigger: "deposit",
      bonus_type: "deposit_match",
      bonus_amount: "100.00",
      wager_amount: "1000.00",
      max_cashout: "300.00",
      win_sum: "0.00",
      bonus_threshold: "0.00",
      winnings_distribution_percent: "0",
      wagering_expiration_time: 604_800,
      free_spin_count: 0,
      free_spin_amount: "0.00",
      auto_enabled: false,
      comment: null,
      terms: "Wager 10x within 7 days.",
      product: "slots",
      bonus_wager: "10",
      labels: [],
      wager_left: "750.00",
      progress_percent: 25,
      bonus_balance: "80.50",
      free_spins_left: 0,
      deferred: false,
      converted_amount: null,
      forfeited_amount: null,
    });
    expect(active.bonus_name).toMatch(/^Match /);
    expect(active.wagering_expiration_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(active.activated_at).toMatch(/Z$/);
  });

  it("shows finished and offered bonuses without the wallet's figures", async () => {
    const rows = (await call("GET", "/bonuses/list", alice.token)).json().payload as Record<string, unknown>[];
    const byGuid = Object.fromEntries(rows.map((r) => [r.guid, r]));
    expect(byGuid[guids.completed!]).toMatchObject({
      progress_percent: 100,
      wager_left: "0.00",
      bonus_balance: "0.00",
      converted_amount: "17.50",
      forfeited_amount: "0.00",
    });
    expect(byGuid[guids.offered!]).toMatchObject({ progress_percent: 0, wager_left: "0.00", bonus_balance: "0.00" });
    expect(byGuid[guids.offered!]!.activation_expiration_date).toMatch(/Z$/);
    expect(byGuid[guids.spins!]).toMatchObject({
      free_spin_count: 10,
      free_spins_left: 10,
      free_spin_amount: "0.20",
      bonus_type: "free_spins",
    });
    expect(byGuid[guids.cancelled!]).toMatchObject({ progress_percent: 0, forfeited_amount: "5.00" });
  });

  it("filters by status (one or a list), bonus_type, guid and currency", async () => {
    const list = async (query: string) =>
      ((await call("GET", `/bonuses/list?${query}`, alice.token)).json().payload as { guid: string }[]).map(
        (b) => b.guid,
      );
    expect(await list("status=offered")).toEqual([guids.offered, guids.spins]);
    expect(await list("status=completed,cancelled,expired,lost")).toEqual([guids.completed, guids.cancelled]);
    expect(await list("status=offered&bonus_type=free_spins")).toEqual([guids.spins]);
    expect(await list(`guid=${guids.completed}`)).toEqual([guids.completed]);
    expect(await list(`currency_guid=${usd}`)).toHaveLength(5);
    expect(await list(`currency_guid=${await currencyGuid(ctx.database, "EUR")}`)).toEqual([]);
  });

  it("pages and clamps per_page", async () => {
    const first = (await call("GET", "/bonuses/list?page=1&per_page=2", alice.token)).json();
    const third = (await call("GET", "/bonuses/list?page=3&per_page=2", alice.token)).json();
    expect(first.metadata).toMatchObject({ page: 1, per_page: 2, total: 5 });
    expect(third.metadata).toMatchObject({ page: 3, per_page: 2, total: 5 });
    expect(third.payload.map((b: { guid: string }) => b.guid)).toEqual([guids.cancelled]);
    expect((await call("GET", "/bonuses/list?per_page=10000000000", alice.token)).json().metadata.per_page).toBe(200);
  });

  it("refuses bad input with a 400 naming the field", async () => {
    for (const [query, field] of [
      ["status=won", "query.status"],
      ["status=", "query.status"],
      ["bonus_type=lottery", "query.bonus_type"],
      ["guid=42", "query.guid"],
      ["page=-1", "query.page"],
    ] as const) {
      const res = await call("GET", `/bonuses/list?${query}`, alice.token);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().payload.fields.map((f: { field: string }) => f.field),
        query,
      ).toContain(field);
    }
  });
});

describe("PATCH /bonuses/activate and /bonuses/cancel", () => {
  it("activates an offered bonus through the engine, refuses a second one on the wallet, cancels with a forfeit", async () => {
    const carol = await newPlayer("carol");
    const base = { playerGuid: carol.id, walletGuid: carol.walletGuid, ...campaign };
    const first = await insertCustomerBonus(ctx.database, { ...base, bonusAmount: "40", wagerAmount: "400" });
    const second = await insertCustomerBonus(ctx.database, { ...base, bonusAmount: "10", wagerAmount: "100" });

    const activated = await call("PATCH", `/bonuses/activate/${first}`, carol.token);
    expect(activated.statusCode).toBe(200);
    expect(activated.json().payload).toMatchObject({
      guid: first,
      status: "active",
      bonus_balance: "40.00",
      wager_left: "400.00",
      progress_percent: 0,
    });
    const wallet = (await call("GET", "/billing/wallet?currency_guid=" + usd, carol.token)).json().payload;
    expect(wallet).toMatchObject({ bonus_balance: "40.00", customer_bonus_guid: first, wager: "400.00" });

    const busy = await call("PATCH", `/bonuses/activate/${second}`, carol.token);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().payload).toMatchObject({ code: "CONFLICT", message: WALLET_BUSY_MESSAGE });
    const again = await call("PATCH", `/bonuses/activate/${first}`, carol.token);
    expect(again.statusCode).toBe(409);

    const cancelled = await call("PATCH", `/bonuses/cancel/${first}`, carol.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().payload).toMatchObject({
      guid: first,
      status: "cancelled",
      bonus_balance: "0.00",
      forfeited_amount: "40.00",
    });
    expect((await call("GET", "/billing/wallet?currency_guid=" + usd, carol.token)).json().payload).toMatchObject({
      bonus_balance: "0.00",
      customer_bonus_guid: null,
    });
    expect((await call("PATCH", `/bonuses/cancel/${first}`, carol.token)).statusCode).toBe(409);

    // The wallet is free again: the second offer activates now.
    expect((await call("PATCH", `/bonuses/activate/${second}`, carol.token)).json().payload).toMatchObject({
      status: "active",
      bonus_balance: "10.00",
    });
  });

  it("is a 404 for another player's or an unknown bonus, and a 400 for a malformed guid", async () => {
    const dave = await newPlayer("dave");
    const erin = await newPlayer("erin");
    const daves = await insertCustomerBonus(ctx.database, {
      playerGuid: dave.id,
      walletGuid: dave.walletGuid,
      ...campaign,
      bonusAmount: "5",
    });
    for (const action of ["activate", "cancel"]) {
      const res = await call("PATCH", `/bonuses/${action}/${daves}`, erin.token);
      expect(res.statusCode, action).toBe(404);
      expect(res.json().payload.code).toBe("NOT_FOUND");
      expect((await call("PATCH", `/bonuses/${action}/${randomUUID()}`, erin.token)).statusCode).toBe(404);
      const bad = await call("PATCH", `/bonuses/${action}/not-a-guid`, erin.token);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().payload.fields.map((f: { field: string }) => f.field)).toContain("params.guid");
    }
    // Erin's attempts changed nothing of Dave's.
    const [still] = (await call("GET", `/bonuses/list?guid=${daves}`, dave.token)).json().payload;
    expect(still.status).toBe("offered");
  });

  it("cancels an offered bonus without moving money", async () => {
    const frank = await newPlayer("frank");
    const offered = await insertCustomerBonus(ctx.database, {
      playerGuid: frank.id,
      walletGuid: frank.walletGuid,
      ...campaign,
      bonusAmount: "25",
    });
    const res = await call("PATCH", `/bonuses/cancel/${offered}`, frank.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ status: "cancelled" });
    expect((await call("GET", "/billing/wallet?currency_guid=" + usd, frank.token)).json().payload.bonus_balance).toBe(
      "0.00",
    );
  });
});
