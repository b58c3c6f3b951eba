import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { signBody } from "../../src/modules/provider-wallet/signature.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import {
  bet,
  createPlayer,
  HOUSE_SECRET,
  houseFreeSpinGame,
  houseGame,
  openWallet,
  providerCall,
  rollback,
  seatPlayer,
  transferCount,
  walletState,
  win,
} from "./wallet-helpers.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PROVIDERS: "acme:acme-provider-secret-0001" }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe("provider wallet protocol: transport", () => {
  it("refuses a wrong or missing signature before looking at anything else", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "10" });
    const wrong = await providerCall(ctx.app, "bet", bet(seat, "1"), { secret: "not-the-house-secret-at-all" });
    expect(wrong.status).toBe("INVALID_SIGNATURE");
    expect(wrong.balance).toBeNull();
    const missing = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/provider/house/wallet/balance",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ token: seat.token }),
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.json().status).toBe("INVALID_SIGNATURE");
    // Even a body that is not JSON at all gets the protocol's answer, not the envelope.
    const garbage = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/provider/house/wallet/bet",
      headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, "{nope") },
      payload: "{nope",
    });
    expect(garbage.statusCode).toBe(200);
    expect(garbage.json()).toMatchObject({ status: "INVALID_REQUEST" });
    expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("10.00");
  });

  it("signs the raw bytes: re-serialising the same JSON differently breaks the signature", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "10" });
    const body = { request_uuid: "r1", timestamp: new Date().toISOString(), token: seat.token, game_code: seat.gameCode };
    const signedCompact = signBody(HOUSE_SECRET, JSON.stringify(body));
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/provider/house/wallet/balance",
      headers: { "content-type": "application/json", "x-signature": signedCompact },
      payload: JSON.stringify(body, null, 2),
    });
    expect(res.json().status).toBe("INVALID_SIGNATURE");
  });

  it("answers UNKNOWN_PROVIDER, and accepts a provider added by configuration with its own secret", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "10" });
    expect((await providerCall(ctx.app, "balance", { token: seat.token, game_code: seat.gameCode }, { provider: "nobody" })).status).toBe(
      "UNKNOWN_PROVIDER",
    );
    // acme is configured, but the token belongs to a house session.
    const acme = await providerCall(
      ctx.app,
      "balance",
      { token: seat.token, game_code: seat.gameCode },
      { provider: "acme", secret: "acme-provider-secret-0001" },
    );
    expect(acme.status).toBe("INVALID_TOKEN");
  });

  it("refuses a timestamp more than 5 minutes off, and a body that breaks the schema", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "10" });
    const old = await providerCall(ctx.app, "bet", { ...bet(seat, "1"), timestamp: new Date(Date.now() - 6 * 60_000).toISOString() });
    expect(old.status).toBe("INVALID_REQUEST");
    const future = await providerCall(ctx.app, "bet", { ...bet(seat, "1"), timestamp: new Date(Date.now() + 6 * 60_000).toISOString() });
    expect(future.status).toBe("INVALID_REQUEST");
    const noRound = await providerCall(ctx.app, "bet", { ...bet(seat, "1"), round_id: undefined });
    expect(noRound.status).toBe("INVALID_REQUEST");
    for (const amount of ["-1", "1e2", "1.001", " 1", "01", "abc", "0"]) {
      expect((await providerCall(ctx.app, "bet", bet(seat, amount))).status, amount).toBe("INVALID_REQUEST");
    }
    // A NUL reached PostgreSQL and came back as INTERNAL_ERROR, which a provider retries forever (issue #13 item 10).
    for (const field of ["round_id", "transaction_uuid", "game_code", "currency", "token"]) {
      const answer = await providerCall(ctx.app, "bet", { ...bet(seat, "1"), [field]: "a\u0000b" });
      expect(answer.status, field).toBe("INVALID_REQUEST");
    }
    expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("10.00");
  });

  it("echoes request_uuid and reports the balance with the currency's decimals", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "12.5" });
    const answer = await providerCall(ctx.app, "balance", { request_uuid: "req-42", token: seat.token, game_code: seat.gameCode });
    expect(answer).toEqual({ status: "OK", request_uuid: "req-42", currency: "USD", balance: "12.50", bonus_balance: "0.00" });
  });
});

describe("provider wallet protocol: bets, wins, rollbacks", () => {
  it("debits a bet, credits its win, and writes game transactions, ledger transfers and outbox events", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "100" });
    const b = bet(seat, "10");
    expect(await providerCall(ctx.app, "bet", b)).toMatchObject({ status: "OK", balance: "90.00" });
    expect(await providerCall(ctx.app, "win", win(seat, b, "25.5", { round_closed: true }))).toMatchObject({
      status: "OK",
      balance: "115.50",
    });
    const rows = await ctx.database.query<{ operation: string; bet_sum: string; win: string; balance_before: string; balance_after: string; isbet: boolean; finish: boolean; tradeid: string; betid: string }>(
      `SELECT operation, round(bet_sum,2)::text bet_sum, round(win,2)::text win, round(balance_before,2)::text balance_before,
              round(balance_after,2)::text balance_after, isbet, finish, tradeid, betid
         FROM game_transactions WHERE wallet_guid = $1 ORDER BY seq`,
      [seat.walletGuid],
    );
    expect(rows).toEqual([
      { operation: "bet", bet_sum: "10.00", win: "0.00", balance_before: "100.00", balance_after: "90.00", isbet: true, finish: false, tradeid: b.transaction_uuid, betid: b.round_id },
      { operation: "win", bet_sum: "0.00", win: "25.50", balance_before: "90.00", balance_after: "115.50", isbet: false, finish: true, tradeid: expect.any(String), betid: b.round_id },
    ]);
    expect(await transferCount(ctx.database, `house:${b.transaction_uuid}:`)).toBe(1);
    const events = await ctx.database.query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM outbox_events WHERE user_guid = $1 AND type = 'user_balance_updated' ORDER BY id",
      [seat.playerGuid],
    );
    expect(events.map((e) => e.payload)).toEqual([
      expect.objectContaining({ operation_type: "deposit", balance: "100.00" }),
      expect.objectContaining({ operation_type: "bet", operation_amount: "10", balance: "90.00", bonus_balance: "0.00", wallet_guid: seat.walletGuid, free_spin_count: 0 }),
      expect.objectContaining({ operation_type: "win", operation_amount: "25.5", balance: "115.50" }),
    ]);
  });

  it("refuses a bet the wallet cannot cover with the real balance, and never goes negative", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "5" });
    expect(await providerCall(ctx.app, "bet", bet(seat, "5.01"))).toMatchObject({ status: "NOT_ENOUGH_MONEY", balance: "5.00" });
    expect(await providerCall(ctx.app, "bet", bet(seat, "5"))).toMatchObject({ status: "OK", balance: "0.00" });
    expect(await providerCall(ctx.app, "bet", bet(seat, "0.01"))).toMatchObject({ status: "NOT_ENOUGH_MONEY", balance: "0.00" });
  });

  it("replays an identical transaction_uuid without moving money; a different one is DUPLICATE_TRANSACTION", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "50" });
    const b = bet(seat, "10");
    const first = await providerCall(ctx.app, "bet", b);
    const again = await providerCall(ctx.app, "bet", { ...b, amount: "10.00" });
    expect(again).toMatchObject({ status: "OK", balance: first.balance });
    for (const change of [{ amount: "11" }, { round_id: "other" }, { currency: "EUR" }, { game_code: "house:other" }, { round_closed: true }]) {
      expect((await providerCall(ctx.app, "bet", { ...b, ...change })).status, JSON.stringify(change)).toBe("DUPLICATE_TRANSACTION");
    }
    // Another player's session replaying the key is a different call too.
    const other = await seatPlayer(ctx.database, { cash: "50" });
    expect((await providerCall(ctx.app, "bet", { ...b, token: other.token, game_code: other.gameCode })).status).toBe("DUPLICATE_TRANSACTION");
    expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("40.00");
    expect((await walletState(ctx.database, other.walletGuid)).balance).toBe("50.00");
    expect(await transferCount(ctx.database, `house:${b.transaction_uuid}:`)).toBe(1);

    const w = win(seat, b, "3");
    await providerCall(ctx.app, "win", w);
    expect(await providerCall(ctx.app, "win", w)).toMatchObject({ status: "OK", balance: "43.00" });
    expect((await providerCall(ctx.app, "win", { ...w, amount: "4" })).status).toBe("DUPLICATE_TRANSACTION");
    expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("43.00");
  });

  it("wins need an existing bet of this player that was not rolled back", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "50" });
    const ghost = { transaction_uuid: `bet-${randomUUID()}`, round_id: "r" };
    expect((await providerCall(ctx.app, "win", win(seat, ghost, "5"))).status).toBe("TRANSACTION_NOT_FOUND");
    const other = await seatPlayer(ctx.database, { cash: "50" });
    const othersBet = bet(other, "1");
    await providerCall(ctx.app, "bet", othersBet);
    expect((await providerCall(ctx.app, "win", win(seat, othersBet, "5"))).status).toBe("TRANSACTION_NOT_FOUND");
    const b = bet(seat, "10");
    await providerCall(ctx.app, "bet", b);
    await providerCall(ctx.app, "rollback", rollback(seat, b));
    expect((await providerCall(ctx.app, "win", win(seat, b, "5"))).status).toBe("TRANSACTION_ROLLED_BACK");
    expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("50.00");
  });

  it("rolls a bet back exactly once, answers OK to a repeat, and never rolls back a win", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "30" });
    const b = bet(seat, "7.25");
    await providerCall(ctx.app, "bet", b);
    const rb = rollback(seat, b);
    expect(await providerCall(ctx.app, "rollback", rb)).toMatchObject({ status: "OK", balance: "30.00" });
    expect(await providerCall(ctx.app, "rollback", rb)).toMatchObject({ status: "OK", balance: "30.00" });
    expect(await providerCall(ctx.app, "rollback", rollback(seat, b))).toMatchObject({ status: "OK", balance: "30.00" });
    expect(await transferCount(ctx.database, `house:${rb.transaction_uuid}:`)).toBe(1);
    const b2 = bet(seat, "5");
    await providerCall(ctx.app, "bet", b2);
    const w = win(seat, b2, "8");
    await providerCall(ctx.app, "win", w);
    expect((await providerCall(ctx.app, "rollback", rollback(seat, w))).status).toBe("TRANSACTION_NOT_FOUND");
    expect((await walletState(ctx.database, seat.walletGuid)).balance).toBe("33.00");
  });

  it("records a tombstone for a rollback of an unknown bet: the bet is refused when it arrives", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "20" });
    const b = bet(seat, "5");
    expect(await providerCall(ctx.app, "rollback", rollback(seat, b))).toMatchObject({ status: "OK", balance: "20.00" });
    expect(await providerCall(ctx.app, "bet", b)).toMatchObject({ status: "TRANSACTION_ROLLED_BACK", balance: "20.00" });
    expect((await providerCall(ctx.app, "rollback", rollback(seat, b))).status).toBe("OK");
    expect(await transferCount(ctx.database, `house:${b.transaction_uuid}:`)).toBe(0);
  });

  it("closes a round: later bets are ROUND_CLOSED, wins and rollbacks still land", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "20" });
    const b = bet(seat, "2");
    await providerCall(ctx.app, "bet", b);
    const closing = bet(seat, "3", { round_id: b.round_id, round_closed: true });
    expect((await providerCall(ctx.app, "bet", closing)).status).toBe("OK");
    expect(await providerCall(ctx.app, "bet", bet(seat, "1", { round_id: b.round_id }))).toMatchObject({ status: "ROUND_CLOSED", balance: "15.00" });
    expect((await providerCall(ctx.app, "win", win(seat, b, "4"))).status).toBe("OK");
    expect(await providerCall(ctx.app, "rollback", rollback(seat, closing))).toMatchObject({ status: "OK", balance: "22.00" });
  });

  it("refuses bets on expired tokens, locked players, wrong currency or game, over the max bet; wins and rollbacks still land", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "100000" });
    const b = bet(seat, "10");
    await providerCall(ctx.app, "bet", b);
    expect((await providerCall(ctx.app, "bet", bet(seat, "1", { currency: "EUR" }))).status).toBe("WRONG_CURRENCY");
    expect((await providerCall(ctx.app, "bet", bet(seat, "1", { game_code: "house:not-this-one" }))).status).toBe("INVALID_GAME");
    expect((await providerCall(ctx.app, "bet", bet(seat, "1", { token: "no-such-token" }))).status).toBe("INVALID_TOKEN");
    const [limits] = await ctx.database.query<{ max: string }>("SELECT max_bet_slot_real::text AS max FROM currencies WHERE code = 'USD'");
    const over = (BigInt(limits!.max.split(".")[0]!) + 1n).toString();
    expect((await providerCall(ctx.app, "bet", bet(seat, over))).status).toBe("BET_LIMIT_EXCEEDED");

    await ctx.database.query("UPDATE game_sessions SET expires_at = now() - interval '1 second' WHERE wallet_guid = $1", [seat.walletGuid]);
    expect((await providerCall(ctx.app, "bet", bet(seat, "1"))).status).toBe("TOKEN_EXPIRED");
    expect((await providerCall(ctx.app, "balance", { token: seat.token, game_code: seat.gameCode })).status).toBe("TOKEN_EXPIRED");
    expect((await providerCall(ctx.app, "win", win(seat, b, "2"))).status).toBe("OK");

    const locked = await seatPlayer(ctx.database, { cash: "50" });
    const lb = bet(locked, "10");
    await providerCall(ctx.app, "bet", lb);
    await ctx.database.query("UPDATE users SET status = 'locked' WHERE guid = $1", [locked.playerGuid]);
    expect(await providerCall(ctx.app, "bet", bet(locked, "1"))).toMatchObject({ status: "PLAYER_BLOCKED", balance: "40.00" });
    expect((await providerCall(ctx.app, "rollback", rollback(locked, lb))).status).toBe("OK");
    expect((await walletState(ctx.database, locked.walletGuid)).balance).toBe("50.00");
  });

  it("refuses a game that left the catalogue or is in maintenance", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "10" });
    await ctx.database.query("UPDATE games SET game_status = 'maintenance' WHERE external_guid = $1", [seat.gameCode]);
    try {
      expect((await providerCall(ctx.app, "bet", bet(seat, "1"))).status).toBe("INVALID_GAME");
    } finally {
      await ctx.database.query("UPDATE games SET game_status = 'active' WHERE external_guid = $1", [seat.gameCode]);
    }
    expect((await providerCall(ctx.app, "bet", bet(seat, "1"))).status).toBe("OK");
  });
});

describe("provider wallet protocol: bonus money", () => {
  it("draws cash first, then bonus; the win follows the stake's split; a rollback refunds each pocket", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "3", bonus: "10" });
    const b = bet(seat, "5");
    expect(await providerCall(ctx.app, "bet", b)).toMatchObject({ status: "OK", balance: "0.00", bonus_balance: "8.00" });
    // 60 % of the stake was cash: 60 % of the payout is cash, the rest bonus money.
    expect(await providerCall(ctx.app, "win", win(seat, b, "20"))).toMatchObject({ balance: "12.00", bonus_balance: "16.00" });
    // Needs bonus money and is above the currency's max bet with bonus money (5 USD).
    expect(await providerCall(ctx.app, "bet", bet(seat, "14"))).toMatchObject({ status: "BET_LIMIT_EXCEEDED", balance: "12.00" });
    const b2 = bet(seat, "12");
    expect(await providerCall(ctx.app, "bet", b2)).toMatchObject({ balance: "0.00", bonus_balance: "16.00" });
    expect(await providerCall(ctx.app, "rollback", rollback(seat, b2))).toMatchObject({ balance: "12.00", bonus_balance: "16.00" });
    const [gt] = await ctx.database.query<{ bonus_bet: string }>(
      "SELECT round(bonus_bet, 2)::text AS bonus_bet FROM game_transactions WHERE tradeid = $1",
      [b.transaction_uuid],
    );
    expect(gt!.bonus_bet).toBe("2.00");
    expect((await reconcileLedger(ctx.database.db)).ok).toBe(true);
  });

  it("counts wagering per bet while a bonus is active, and gives it back on rollback", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "50", bonus: "20" });
    await ctx.database.query("UPDATE wallets SET wager = 100, customer_bonus_guid = gen_random_uuid() WHERE guid = $1", [seat.walletGuid]);
    // At most the currency's max bonus bet (5 USD) while a bonus is active, cash or not (ADR 032).
    const b = bet(seat, "5");
    await providerCall(ctx.app, "bet", b);
    const wager = async () =>
      (await ctx.database.query<{ wager: string }>("SELECT round(wager, 2)::text AS wager FROM wallets WHERE guid = $1", [seat.walletGuid]))[0]!.wager;
    // The game's bonus_wage (percent) decides how much of the stake counts.
    const [expected] = await ctx.database.query<{ wager: string }>(
      "SELECT round(100 - 5 * bonus_wage / 100, 2)::text AS wager FROM games WHERE external_guid = $1",
      [seat.gameCode],
    );
    expect(await wager()).toBe(expected!.wager);
    expect(expected!.wager).not.toBe("100.00");
    await providerCall(ctx.app, "rollback", rollback(seat, b));
    expect(await wager()).toBe("100.00");
  });

  it("free spins: the bet moves no money and uses a spin, its winnings are bonus money paid by the operator", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "5", game: await houseFreeSpinGame(ctx.database) });
    // A free spin is placed at the wallet's free_spin_bet (ADR 032).
    await ctx.database.query(
      "UPDATE wallets SET free_spin_count = 1, free_spin_total = 1, free_spin_bet = 0.2 WHERE guid = $1",
      [seat.walletGuid],
    );
    const b = bet(seat, "0.20", { is_free_spin: true });
    expect(await providerCall(ctx.app, "bet", b)).toMatchObject({ status: "OK", balance: "5.00", free_spin_count: 0, free_spin_bet: "0.20" });
    expect((await providerCall(ctx.app, "bet", bet(seat, "0.20", { is_free_spin: true }))).status).toBe("NOT_ENOUGH_MONEY");
    expect(await providerCall(ctx.app, "win", win(seat, b, "3.5"))).toMatchObject({ balance: "5.00", bonus_balance: "3.50" });
    const [state] = await ctx.database.query<{ win_amount: string; spins_left: number }>(
      "SELECT round(free_spin_win_amount, 2)::text AS win_amount, free_spin_count AS spins_left FROM wallets WHERE guid = $1",
      [seat.walletGuid],
    );
    expect(state).toEqual({ win_amount: "3.50", spins_left: 0 });
    expect((await reconcileLedger(ctx.database.db)).ok).toBe(true);
  });

  it("game sessions bind the wallet: a session for another player's wallet cannot be issued", async () => {
    const owner = await createPlayer(ctx.database);
    const wallet = await openWallet(ctx.database, owner);
    const intruder = await createPlayer(ctx.database);
    const game = await houseGame(ctx.database);
    await expect(
      issueGameSession(ctx.database.db, { playerGuid: intruder, walletGuid: wallet.guid, providerCode: "house", gameCode: game.code }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("leaves the ledger balanced after everything above", async () => {
    const report = await reconcileLedger(ctx.database.db);
    expect(report.culprits).toEqual([]);
    expect(report.currencies.find((c) => c.currency === "USD")?.sum).toMatch(/^0(\.0+)?$/);
  });
});
