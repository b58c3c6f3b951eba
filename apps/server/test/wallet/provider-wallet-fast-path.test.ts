import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetRequest, WinRequest } from "@croupier/contract/entities/provider-wallet";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { callFingerprint } from "../../src/modules/provider-wallet/fingerprint.ts";
import { runFastCall } from "../../src/modules/provider-wallet/run-fast-call.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bet, providerCall, rollback, seatPlayer, walletState, win, type Seat } from "./wallet-helpers.ts";

// The one-trip path (run-fast-call.ts, provider_wallet_fast_calls, ADR 008) answers ordinary bets and wins in one
// statement and must leave everything else to the two-statement path untouched: these tests
// call it directly, where a wrong "ordinary" would show as an answer instead of undefined.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

const fastBet = (request: Record<string, unknown>, provider = "house") =>
  runFastCall(ctx.database, provider, { method: "bet", request: request as BetRequest });
const fastWin = (request: Record<string, unknown>) => runFastCall(ctx.database, "house", { method: "win", request: request as WinRequest });

async function storedFingerprint(transactionUuid: string): Promise<string | undefined> {
  const rows = await ctx.database.query<{ fingerprint: string }>(
    "SELECT fingerprint FROM game_transactions WHERE provider_code = 'house' AND tradeid = $1",
    [transactionUuid],
  );
  return rows[0]?.fingerprint;
}

/** A seat whose currency already has the house account (created by the two-statement path). */
async function warmSeat(cash = "100"): Promise<Seat> {
  const seat = await seatPlayer(ctx.database, { cash });
  const [wallet] = await ctx.database.query<{ currency_guid: string }>("SELECT currency_guid FROM wallets WHERE guid = $1", [seat.walletGuid]);
  await systemAccountGuid(ctx.database.db, { kind: "house_game", owner: "house", currencyGuid: wallet!.currency_guid });
  return seat;
}

describe("provider wallet one-trip path", () => {
  it("answers an ordinary bet and win, storing the fingerprint the two-statement path compares repeats with", async () => {
    const seat = await warmSeat("100");
    const betBody = bet(seat, "2.5");
    expect(await fastBet(betBody)).toEqual({ status: "OK", currency: "USD", balance: "97.50", bonus_balance: "0.00" });
    expect(await storedFingerprint(betBody.transaction_uuid)).toBe(
      callFingerprint({
        method: "bet",
        playerGuid: seat.playerGuid,
        walletGuid: seat.walletGuid,
        gameCode: seat.gameCode,
        roundId: betBody.round_id,
        amount: "2.5",
        currency: "USD",
        referenceUuid: null,
        freeSpin: false,
        roundClosed: false,
      }),
    );
    // The repeat goes the other way (its key is taken) and is recognised as the same call.
    expect(await providerCall(ctx.app, "bet", { ...betBody, amount: "2.50" })).toMatchObject({ status: "OK", balance: "97.50" });
    expect((await providerCall(ctx.app, "bet", { ...betBody, amount: "3" })).status).toBe("DUPLICATE_TRANSACTION");

    const winBody = win(seat, betBody, "4", { round_closed: true });
    expect(await fastWin(winBody)).toEqual({ status: "OK", currency: "USD", balance: "101.50", bonus_balance: "0.00" });
    expect(await providerCall(ctx.app, "win", winBody)).toMatchObject({ status: "OK", balance: "101.50" });
    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "101.50" });
    // The round closed with the win: a new bet in it is refused, in the same words as the other path.
    expect(await fastBet(bet(seat, "1", { round_id: betBody.round_id }))).toMatchObject({ status: "ROUND_CLOSED", balance: "101.50" });
  });

  it("answers a refused bet with the balances as they stand", async () => {
    const seat = await warmSeat("5");
    expect(await fastBet(bet(seat, "6"))).toEqual({ status: "NOT_ENOUGH_MONEY", currency: "USD", balance: "5.00", bonus_balance: "0.00" });
    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "5.00" });
  });

  it("leaves every call that is not ordinary untouched, for the two-statement path to answer", async () => {
    const seat = await warmSeat("100");
    const placed = bet(seat, "1");
    expect((await providerCall(ctx.app, "bet", placed)).status).toBe("OK");
    const rolledBack = bet(seat, "1");
    expect((await providerCall(ctx.app, "bet", rolledBack)).status).toBe("OK");
    expect((await providerCall(ctx.app, "rollback", rollback(seat, rolledBack))).status).toBe("OK");
    const expired = await warmSeat("100");
    await ctx.database.query("UPDATE game_sessions SET expires_at = now() - interval '1 second' WHERE wallet_guid = $1", [expired.walletGuid]);
    const locked = await warmSeat("100");
    await ctx.database.query("UPDATE users SET status = 'locked' WHERE guid = $1", [locked.playerGuid]);
    const blockedWallet = await warmSeat("100");
    await ctx.database.query("UPDATE wallets SET status = 'blocked' WHERE guid = $1", [blockedWallet.walletGuid]);
    // ADR 011: a game session whose login session has ended, and a win presented with another session's token.
    const loggedOut = await warmSeat("100");
    const [login] = await ctx.database.query<{ guid: string }>(
      "INSERT INTO sessions (user_guid, refresh_expires_at, finished_at, finish_reason) VALUES ($1, now() + interval '1 day', now(), 'logout') RETURNING guid",
      [loggedOut.playerGuid],
    );
    await ctx.database.query("UPDATE game_sessions SET login_session_guid = $1 WHERE wallet_guid = $2", [login!.guid, loggedOut.walletGuid]);
    const otherTab = await issueGameSession(ctx.database.db, {
      playerGuid: seat.playerGuid,
      walletGuid: seat.walletGuid,
      providerCode: "house",
      gameCode: seat.gameCode,
    });

    const cases: [string, () => Promise<unknown>, Seat][] = [
      ["an unknown token", () => fastBet(bet(seat, "1", { token: `nope-${randomUUID()}` })), seat],
      ["another provider's session", () => fastBet(bet(seat, "1"), "other"), seat],
      ["an expired session", () => fastBet(bet(expired, "1")), expired],
      ["another currency", () => fastBet(bet(seat, "1", { currency: "EUR" })), seat],
      ["another game", () => fastBet(bet(seat, "1", { game_code: "house:not-this-game" })), seat],
      ["more decimals than the currency has", () => fastBet(bet(seat, "1.005")), seat],
      ["a malformed amount", () => fastBet(bet(seat, "1e3")), seat],
      ["a zero stake that is not a free spin", () => fastBet(bet(seat, "0")), seat],
      ["a repeat of a stored transaction", () => fastBet(placed), seat],
      ["a locked player", () => fastBet(bet(locked, "1")), locked],
      ["a blocked wallet", () => fastBet(bet(blockedWallet, "1")), blockedWallet],
      ["a win of an unknown bet", () => fastWin(win(seat, { transaction_uuid: `bet-${randomUUID()}`, round_id: "r" }, "1")), seat],
      ["a win of a rolled back bet", () => fastWin(win(seat, rolledBack, "1")), seat],
      ["a win in another currency", () => fastWin(win(seat, placed, "1", { currency: "EUR" })), seat],
      ["a bet of a game whose login session has ended", () => fastBet(bet(loggedOut, "1")), loggedOut],
      ["a win with another game session's token", () => fastWin(win({ ...seat, token: otherTab.token }, placed, "1")), seat],
    ];
    for (const [name, call, who] of cases) {
      const before = await walletState(ctx.database, who.walletGuid);
      expect(await call(), name).toBeUndefined();
      expect(await walletState(ctx.database, who.walletGuid), name).toEqual(before);
    }
    // And the other path still answers each of them (a few, in its own words).
    expect((await providerCall(ctx.app, "bet", bet(expired, "1"))).status).toBe("TOKEN_EXPIRED");
    expect((await providerCall(ctx.app, "bet", bet(locked, "1"))).status).toBe("PLAYER_BLOCKED");
    expect((await providerCall(ctx.app, "bet", bet(loggedOut, "1"))).status).toBe("TOKEN_EXPIRED");
    expect((await providerCall(ctx.app, "win", win(seat, rolledBack, "1"))).status).toBe("TRANSACTION_ROLLED_BACK");
  });

  it("takes the other path for a currency whose house account does not exist yet, which creates it", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "10", currency: "EUR" });
    const [house] = await ctx.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger_accounts a JOIN currencies c ON c.guid = a.currency_guid WHERE a.owner = 'house' AND a.kind = 'house_game' AND c.code = 'EUR'",
    );
    expect(house!.n).toBe(0);
    expect(await fastBet(bet(seat, "1"))).toBeUndefined();
    expect((await providerCall(ctx.app, "bet", bet(seat, "1"))).status).toBe("OK");
    expect(await fastBet(bet(seat, "1"))).toMatchObject({ status: "OK", currency: "EUR", balance: "8.00" });
  });
});
