import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bet, currencyGuid, houseFreeSpinGame, providerCall, seatPlayer, win, type Seat } from "../wallet/wallet-helpers.ts";
import { activateCustomerBonus } from "../../src/modules/bonuses/engine/activate-customer-bonus.ts";
import { cancelCustomerBonus } from "../../src/modules/bonuses/engine/cancel-customer-bonus.ts";
import { runBonusSweep } from "../../src/modules/bonuses/engine/run-bonus-sweep.ts";
import { AppError } from "../../src/lib/app-error.ts";
import { bonusEvents, bonusRow, engineCampaign, expectBooksClean, grant, grantedGuid, makeQuiet, pockets, transfersOf } from "./engine-helpers.ts";

let t: TestContext;
let usd: string;

beforeAll(async () => {
  t = await buildTestApp({}, { demo: true });
  usd = await currencyGuid(t.database, "USD");
  // Every stake counts fully towards wagering in these tests.
  await t.database.query("UPDATE games SET bonus_wage = 100 WHERE game_provider = 'house'");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectBooksClean(t.database);
});

const tick = () => runBonusSweep(t.database.db);

/** A bonus-funded bet of `stake` that wins `payout` back (bonus money in, bonus money out). */
async function play(seat: Seat, stake: string, payout: string) {
  const b = bet(seat, stake);
  const placed = await providerCall(t.app, "bet", b);
  expect(placed.status, JSON.stringify(placed)).toBe("OK");
  if (payout !== "0") expect((await providerCall(t.app, "win", win(seat, b, payout, { round_closed: true }))).status).toBe("OK");
  return b;
}

async function activeBonus(seat: Seat, options: Parameters<typeof engineCampaign>[1]) {
  const campaign = await engineCampaign(t.database, options);
  const guid = grantedGuid(await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd }));
  await activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" });
  return guid;
}

describe("grant → activate → wager → complete", () => {
  it("wagering through provider bets completes the bonus: cash = min(bonus money, max_cashout), the rest forfeited; milestones announced once", async () => {
    const seat = await seatPlayer(t.database, {});
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", maxBonusSum: "50", wager: "2", maxCashout: "30" });
    const granted = await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd });
    const guid = grantedGuid(granted);
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "offered", bonus_amount: "50", wager_amount: "100" });
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ bonus_balance: "0", customer_bonus_guid: null });
    // The offer waits for the player: an in-app notification says so.
    const notes = await t.database.query<{ kind: string; params: Record<string, string> }>("SELECT kind, params FROM notifications WHERE user_guid = $1", [seat.playerGuid]);
    expect(notes).toEqual([{ kind: "bonus_granted", params: expect.objectContaining({ amount: "50.00", currency: "USD", free_spins: "0" }) as unknown }]);

    // Someone else's bonus: not found; then the player activates.
    await expect(activateCustomerBonus(t.database.db, { playerGuid: (await seatPlayer(t.database)).playerGuid, customerBonusGuid: guid, actor: "player" })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" })).toEqual({ customerBonusGuid: guid, status: "active" });
    await expect(activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ bonus_balance: "50", wager: "100", customer_bonus_guid: guid });

    // 30 of 100 wagered: the 25 % milestone, announced once however often the sweeper runs.
    for (let i = 0; i < 6; i += 1) await play(seat, "5", "5");
    await tick();
    await tick();
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "active", progress_milestone: 25 });
    for (let i = 0; i < 14; i += 1) await play(seat, "5", "5");
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ wager: "0", bonus_balance: "50" });
    const report = await tick();
    expect(report.completed).toBe(1);
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "completed", converted_amount: "30", forfeited_amount: "20" });
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ balance: "30", bonus_balance: "0", wager: "0", customer_bonus_guid: null });
    expect((await transfersOf(t.database, guid)).map((x) => `${x.kind}:${x.amount}`).sort()).toEqual(
      ["bonus_conversion:30", "bonus_forfeit:20", "bonus_grant:50"].sort(),
    );
    // Progress jumped from 30 % to 100 %: only the 25 % milestone was sent, then completion.
    expect(await bonusEvents(t.database, guid)).toEqual(["granted", "activated", "progress", "completed"]);
    expect((await tick()).completed).toBeUndefined();
  });

  it("two sweeps at once complete a bonus once (one conversion transfer)", async () => {
    const seat = await seatPlayer(t.database, {});
    const guid = await activeBonus(seat, { currencyGuid: usd, type: "fixed_amount", maxBonusSum: "10", wager: "0" });
    await Promise.all([tick(), tick()]);
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "completed", converted_amount: "10" });
    expect((await transfersOf(t.database, guid)).filter((x) => x.kind === "bonus_conversion")).toHaveLength(1);
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ balance: "10", bonus_balance: "0" });
  });
});

describe("ends by timer, by the player and by running dry", () => {
  it("an offer expires when its activation window passes; an active bonus when its wagering time runs out (money forfeited)", async () => {
    const seat = await seatPlayer(t.database, { cash: "7" });
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "20", wager: "10" });
    const offered = grantedGuid(await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd }));
    const active = grantedGuid(await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd }));
    await activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: active, actor: "player" });
    // The wallet is taken: a second activation is refused with the design's message.
    await expect(activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: offered, actor: "player" })).rejects.toThrow(/already have an active bonus/);

    await tick();
    expect((await bonusRow(t.database, offered)).status).toBe("offered");
    await t.database.query("UPDATE customer_bonuses SET activation_expiration_date = now() - interval '1 second' WHERE guid = $1", [offered]);
    await t.database.query("UPDATE customer_bonuses SET wagering_expiration_date = now() - interval '1 second' WHERE guid = $1", [active]);
    const report = await tick();
    expect(report.expired).toBe(2);
    expect(await bonusRow(t.database, offered)).toMatchObject({ status: "expired" });
    expect(await bonusRow(t.database, active)).toMatchObject({ status: "expired", forfeited_amount: "20" });
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ balance: "7", bonus_balance: "0", wager: "0", customer_bonus_guid: null });
    expect(await bonusEvents(t.database, active)).toEqual(["granted", "activated", "expired"]);
    expect((await tick()).expired).toBeUndefined();
  });

  it("cancel forfeits the bonus money and its winnings, never the cash; a second cancel is a conflict", async () => {
    const seat = await seatPlayer(t.database, { cash: "3" });
    const guid = await activeBonus(seat, { currencyGuid: usd, maxBonusSum: "20", wager: "10" });
    // 3 cash + 2 bonus staked, 25 won back: the bonus-funded part of the win is bonus money.
    await play(seat, "5", "25");
    const before = await pockets(t.database, seat.walletGuid);
    const result = await cancelCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" });
    expect(result).toEqual({ customerBonusGuid: guid, status: "cancelled", forfeitedAmount: before.bonus_balance });
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ balance: before.balance, bonus_balance: "0", customer_bonus_guid: null });
    const again = cancelCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" });
    await expect(again).rejects.toBeInstanceOf(AppError);
    await expect(again).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await bonusEvents(t.database, guid)).toEqual(["granted", "activated", "cancelled"]);
  });

  it("lost: bonus money under the threshold with no cash and no spins, once the wallet is quiet", async () => {
    const seat = await seatPlayer(t.database, {});
    const guid = await activeBonus(seat, { currencyGuid: usd, maxBonusSum: "12", wager: "10", threshold: "5" });
    await play(seat, "5", "0");
    await play(seat, "5", "0");
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ bonus_balance: "2", balance: "0" });
    // A round may still pay: nothing happens while the wallet is busy.
    expect((await tick()).lost).toBeUndefined();
    await makeQuiet(t.database, seat.walletGuid);
    expect((await tick()).lost).toBe(1);
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "lost", forfeited_amount: "2" });
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ bonus_balance: "0", customer_bonus_guid: null });
  });
});

describe("auto-activation and late money", () => {
  it("auto-activates at once with no delay, else when due and the wallet is free", async () => {
    const seat = await seatPlayer(t.database, {});
    const now = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5", wager: "10", autoActivation: true });
    const later = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "6", wager: "0", autoActivation: true, autoActivationTime: 60 });
    const first = grantedGuid(await grant(t.database, now, { playerGuid: seat.playerGuid, currencyGuid: usd }));
    expect((await bonusRow(t.database, first)).status).toBe("active");
    // Active at once: no "waiting for you" notification.
    expect(await t.database.query("SELECT kind FROM notifications WHERE user_guid = $1", [seat.playerGuid])).toEqual([]);
    const second = grantedGuid(await grant(t.database, later, { playerGuid: seat.playerGuid, currencyGuid: usd }));
    await t.database.query("UPDATE customer_bonuses SET auto_activate_at = now() - interval '1 second' WHERE guid = $1", [second]);
    await tick();
    // Due, but the wallet holds the first bonus.
    expect((await bonusRow(t.database, second)).status).toBe("offered");
    await cancelCustomerBonus(t.database.db, { playerGuid: null, customerBonusGuid: first, actor: "staff" });
    await tick();
    expect((await bonusRow(t.database, second)).status).not.toBe("offered");
    expect((await transfersOf(t.database, second)).filter((x) => x.kind === "bonus_grant")).toHaveLength(1);
  });

  it("a win that lands after its bonus completed converts within what is left of max_cashout; after a cancel it is forfeited", async () => {
    const seat = await seatPlayer(t.database, {});
    const guid = await activeBonus(seat, { currencyGuid: usd, maxBonusSum: "10", wager: "0.5", maxCashout: "12" });
    const open = bet(seat, "5");
    expect((await providerCall(t.app, "bet", open)).status).toBe("OK");
    await tick();
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "completed", converted_amount: "5" });
    expect((await providerCall(t.app, "win", win(seat, open, "20", { round_closed: true }))).status).toBe("OK");
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ balance: "5", bonus_balance: "20" });
    await tick();
    expect((await pockets(t.database, seat.walletGuid)).bonus_balance).toBe("20");
    await makeQuiet(t.database, seat.walletGuid);
    expect((await tick()).late_money).toBe(1);
    // 12 cap, 5 already converted: 7 more to cash, 13 forfeited.
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ balance: "12", bonus_balance: "0" });
    expect(await bonusRow(t.database, guid)).toMatchObject({ converted_amount: "12", forfeited_amount: "13" });
    expect((await tick()).late_money).toBeUndefined();
  });
});

describe("free spins", () => {
  it("spins played: their winnings become the bonus with wagering; a zero win completes at once", async () => {
    const game = await houseFreeSpinGame(t.database);
    const seat = await seatPlayer(t.database, { game });
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, type: "free_spins", spins: 2, spinBet: "1", wager: "2" });
    const guid = grantedGuid(await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd }));
    await activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" });
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ free_spin_count: 2, bonus_balance: "0" });
    for (const payout of ["3", "2"]) {
      const spin = bet(seat, "1", { is_free_spin: true });
      expect((await providerCall(t.app, "bet", spin)).status).toBe("OK");
      expect((await providerCall(t.app, "win", win(seat, spin, payout, { round_closed: true }))).status).toBe("OK");
    }
    expect(await pockets(t.database, seat.walletGuid)).toMatchObject({ free_spin_count: 0, bonus_balance: "5" });
    await makeQuiet(t.database, seat.walletGuid);
    expect((await tick()).spins_settled).toBe(1);
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "active", spins_settled: true, bonus_amount: "5", wager_amount: "10" });
    expect((await pockets(t.database, seat.walletGuid)).wager).toBe("10");
    for (let i = 0; i < 2; i += 1) await play(seat, "5", "5");
    await tick();
    expect(await bonusRow(t.database, guid)).toMatchObject({ status: "completed", converted_amount: "5" });
    expect(await bonusEvents(t.database, guid)).toContain("spins_finished");

    const dry = await seatPlayer(t.database, { game });
    const none = grantedGuid(await grant(t.database, campaign, { playerGuid: dry.playerGuid, currencyGuid: usd }));
    await activateCustomerBonus(t.database.db, { playerGuid: dry.playerGuid, customerBonusGuid: none, actor: "player" });
    for (let i = 0; i < 2; i += 1) expect((await providerCall(t.app, "bet", bet(dry, "1", { is_free_spin: true, round_closed: true }))).status).toBe("OK");
    await makeQuiet(t.database, dry.walletGuid);
    await tick();
    expect(await bonusRow(t.database, none)).toMatchObject({ status: "completed", bonus_amount: "0" });
    expect(await pockets(t.database, dry.walletGuid)).toMatchObject({ balance: "0", bonus_balance: "0", customer_bonus_guid: null });
  });
});

describe("eligibility", () => {
  it("refuses inactive campaigns, other currencies and a second grant of a one-off campaign; a source key grants once", async () => {
    const seat = await seatPlayer(t.database, {});
    const paused = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5", status: "paused" });
    expect(await grant(t.database, paused, { playerGuid: seat.playerGuid, currencyGuid: usd })).toMatchObject({ status: "ineligible" });
    const eur = await currencyGuid(t.database, "EUR");
    const oneOff = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5", isCumulative: false });
    expect(await grant(t.database, oneOff, { playerGuid: seat.playerGuid, currencyGuid: eur })).toMatchObject({ status: "ineligible" });
    const first = await grant(t.database, oneOff, { playerGuid: seat.playerGuid, currencyGuid: usd, sourceKey: "manual:engine-once" });
    expect(first.status).toBe("granted");
    expect(await grant(t.database, oneOff, { playerGuid: seat.playerGuid, currencyGuid: usd, sourceKey: "manual:engine-once" })).toEqual({
      status: "duplicate",
      customerBonusGuid: grantedGuid(first),
    });
    expect(await grant(t.database, oneOff, { playerGuid: seat.playerGuid, currencyGuid: usd })).toMatchObject({ status: "ineligible" });
    const excluded = await seatPlayer(t.database, {});
    await t.database.query("INSERT INTO player_exclusions (user_guid, kind, starts_at, ends_at) VALUES ($1, 'time_out', now(), now() + interval '1 day')", [excluded.playerGuid]);
    expect(await grant(t.database, oneOff, { playerGuid: excluded.playerGuid, currencyGuid: usd })).toEqual({ status: "ineligible", reason: "the player is excluded from gambling" });
    const ended = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5", endDate: new Date(Date.now() - 1000).toISOString() });
    expect(await grant(t.database, ended, { playerGuid: seat.playerGuid, currencyGuid: usd })).toMatchObject({ status: "ineligible" });
    await tick();
    const [row] = await t.database.query<{ status: string }>("SELECT status FROM bonus_campaigns WHERE bonus_guid = $1", [ended.bonusGuid]);
    expect(row!.status).toBe("ended");
  });
});

describe("the background sweep", () => {
  it("is off under NODE_ENV=test unless BONUS_SWEEP_INTERVAL_MS is set; then it ends due bonuses by itself", async () => {
    const seat = await seatPlayer(t.database, {});
    const idle = await activeBonus(seat, { currencyGuid: usd, maxBonusSum: "4", wager: "0" });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bonusRow(t.database, idle)).status).toBe("active");
    await t.app.ready();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await bonusRow(t.database, idle)).status).toBe("active");
    expect((await tick()).completed).toBe(1);

    const busy = await buildTestApp({ BONUS_SWEEP_INTERVAL_MS: "50" }, { demo: true });
    try {
      const other = await seatPlayer(busy.database, {});
      const campaign = await engineCampaign(busy.database, { currencyGuid: await currencyGuid(busy.database, "USD"), maxBonusSum: "4", wager: "0", autoActivation: true });
      const guid = grantedGuid(await grant(busy.database, campaign, { playerGuid: other.playerGuid, currencyGuid: await currencyGuid(busy.database, "USD") }));
      await busy.app.ready();
      const deadline = Date.now() + 5000;
      while ((await bonusRow(busy.database, guid)).status === "active" && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await bonusRow(busy.database, guid)).status).toBe("completed");
      await expectBooksClean(busy.database);
    } finally {
      await busy.close();
    }
  });
});
