import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WinRequest } from "@croupier/contract/entities/provider-wallet";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";
import { runFastCall } from "../../src/modules/provider-wallet/run-fast-call.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bet, providerCall, rollback, seatPlayer, transferCount, walletState, win, type Seat } from "./wallet-helpers.ts";

// ADR 011: `win` and `rollback` may omit `token`. The platform then resolves player, wallet,
// currency, game and session from the referenced bet of the calling provider, so a provider that
// keeps only a hash of the token (the house provider) can pay what is owed after a restart, even
// once the game session has expired or its login session has ended. With a token, it must be the
// token of the bet's session.

const ACME_SECRET = "acme-provider-secret-0001";
let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({ PROVIDERS: `acme:${ACME_SECRET}` }, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

const withoutToken = <T extends { token?: string }>(body: T): Omit<T, "token"> => {
  const { token: _token, ...rest } = body;
  return rest;
};
const nothing = { currency: null, balance: null, bonus_balance: null };

async function expireSession(seat: Seat) {
  await ctx.database.query("UPDATE game_sessions SET expires_at = now() - interval '1 second' WHERE wallet_guid = $1", [seat.walletGuid]);
}

async function betStatus(transactionUuid: string, provider = "house"): Promise<string | undefined> {
  const rows = await ctx.database.query<{ status: string }>(
    "SELECT status FROM game_transactions WHERE provider_code = $1 AND tradeid = $2",
    [provider, transactionUuid],
  );
  return rows[0]?.status;
}

describe("win and rollback without a token", () => {
  it("land exactly once after the game session has closed, on the bet's session", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "100" });
    const paid = bet(seat, "10");
    const refunded = bet(seat, "4");
    expect((await providerCall(ctx.app, "bet", paid)).status).toBe("OK");
    expect((await providerCall(ctx.app, "bet", refunded)).status).toBe("OK");
    await expireSession(seat);
    expect((await providerCall(ctx.app, "bet", bet(seat, "1"))).status).toBe("TOKEN_EXPIRED");

    const winBody = withoutToken(win(seat, paid, "25", { round_closed: true }));
    const paidOut = { status: "OK", currency: "USD", balance: "111.00", bonus_balance: "0.00" };
    expect(await providerCall(ctx.app, "win", winBody)).toMatchObject(paidOut);
    // Repeats, without and with the token, are the same call and move nothing.
    expect(await providerCall(ctx.app, "win", winBody)).toMatchObject(paidOut);
    expect(await providerCall(ctx.app, "win", { ...winBody, token: seat.token })).toMatchObject(paidOut);
    expect((await providerCall(ctx.app, "win", { ...winBody, amount: "26" })).status).toBe("DUPLICATE_TRANSACTION");

    const rollbackBody = withoutToken(rollback(seat, refunded));
    expect(await providerCall(ctx.app, "rollback", rollbackBody)).toMatchObject({ status: "OK", balance: "115.00" });
    expect(await providerCall(ctx.app, "rollback", rollbackBody)).toMatchObject({ status: "OK", balance: "115.00" });
    expect((await providerCall(ctx.app, "rollback", { ...rollbackBody, round_id: "another-round" })).status).toBe("DUPLICATE_TRANSACTION");

    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "115.00" });
    expect(await transferCount(ctx.database, `house:${winBody.transaction_uuid}:`)).toBe(1);
    expect(await transferCount(ctx.database, `house:${rollbackBody.transaction_uuid}:`)).toBe(1);
    // The win and the refund are recorded on the session the bets came with.
    const sessions = await ctx.database.query<{ tradeid: string; same: boolean }>(
      `SELECT g.tradeid, g.session_id = b.session_id AS same FROM game_transactions g
         JOIN game_transactions b ON b.guid = g.correlation_guid
        WHERE g.tradeid = ANY($1)`,
      [[winBody.transaction_uuid, rollbackBody.transaction_uuid]],
    );
    expect(sessions).toHaveLength(2);
    expect(sessions.every((row) => row.same)).toBe(true);
  });

  it("must still name the bet's game and currency", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "50" });
    const placed = bet(seat, "5");
    expect((await providerCall(ctx.app, "bet", placed)).status).toBe("OK");
    expect((await providerCall(ctx.app, "win", withoutToken(win(seat, placed, "5", { game_code: "house:not-this-game" })))).status).toBe("INVALID_GAME");
    expect((await providerCall(ctx.app, "win", withoutToken(win(seat, placed, "5", { currency: "EUR" })))).status).toBe("WRONG_CURRENCY");
    expect((await providerCall(ctx.app, "rollback", withoutToken(rollback(seat, placed, { game_code: "house:not-this-game" })))).status).toBe(
      "INVALID_GAME",
    );
    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "45.00" });
    expect(await betStatus(placed.transaction_uuid)).toBe("accepted");
  });

  it("cannot reach another provider's bet", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "50" });
    const placed = bet(seat, "5");
    expect((await providerCall(ctx.app, "bet", placed)).status).toBe("OK");
    const acme = { provider: "acme", secret: ACME_SECRET };
    expect(await providerCall(ctx.app, "win", withoutToken(win(seat, placed, "40")), acme)).toMatchObject({
      status: "TRANSACTION_NOT_FOUND",
      ...nothing,
    });
    // A rollback names a bet of acme's own: unknown there, so acme's tombstone; the house bet is untouched.
    expect(await providerCall(ctx.app, "rollback", withoutToken(rollback(seat, placed)), acme)).toMatchObject({ status: "OK", ...nothing });
    expect(await betStatus(placed.transaction_uuid)).toBe("accepted");
    expect(await betStatus(placed.transaction_uuid, "acme")).toBe("tombstone");
    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "45.00" });
    // The house can still pay it.
    expect(await providerCall(ctx.app, "win", withoutToken(win(seat, placed, "7")))).toMatchObject({ status: "OK", balance: "52.00" });
  });

  it("answer an unknown reference by the protocol's rules, with no wallet to report", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "20" });
    const ghost = bet(seat, "5");
    expect(await providerCall(ctx.app, "win", withoutToken(win(seat, ghost, "5")))).toEqual(
      expect.objectContaining({ status: "TRANSACTION_NOT_FOUND", ...nothing }),
    );
    // Rule 6: the rollback of a bet never seen records a tombstone and answers OK.
    const rollbackBody = withoutToken(rollback(seat, ghost));
    expect(await providerCall(ctx.app, "rollback", rollbackBody)).toMatchObject({ status: "OK", ...nothing });
    expect(await providerCall(ctx.app, "rollback", rollbackBody)).toMatchObject({ status: "OK", ...nothing });
    expect((await providerCall(ctx.app, "rollback", { ...rollbackBody, reference_transaction_uuid: `bet-${randomUUID()}` })).status).toBe(
      "DUPLICATE_TRANSACTION",
    );
    // The bet arriving later is refused, and a win of it says why.
    expect((await providerCall(ctx.app, "bet", ghost)).status).toBe("TRANSACTION_ROLLED_BACK");
    expect((await providerCall(ctx.app, "win", withoutToken(win(seat, ghost, "5")))).status).toBe("TRANSACTION_ROLLED_BACK");
    // A rollback naming itself is malformed.
    const self = `rb-${randomUUID()}`;
    expect((await providerCall(ctx.app, "rollback", { ...rollbackBody, transaction_uuid: self, reference_transaction_uuid: self })).status).toBe(
      "INVALID_REQUEST",
    );
    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "20.00" });
  });

  it("are refused for bet and balance, which need the token", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "20" });
    expect((await providerCall(ctx.app, "bet", withoutToken(bet(seat, "1")))).status).toBe("INVALID_REQUEST");
    expect((await providerCall(ctx.app, "balance", { game_code: seat.gameCode })).status).toBe("INVALID_REQUEST");
    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "20.00" });
  });
});

describe("win and rollback with a token", () => {
  it("need the token of the bet's own session, on both paths", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "50" });
    const placed = bet(seat, "5");
    expect((await providerCall(ctx.app, "bet", placed)).status).toBe("OK");
    // A second game session on the same wallet (another tab, another game launch).
    const second = await issueGameSession(ctx.database.db, {
      playerGuid: seat.playerGuid,
      walletGuid: seat.walletGuid,
      providerCode: "house",
      gameCode: seat.gameCode,
    });
    const foreign = { ...seat, token: second.token };
    const winBody = win(foreign, placed, "9");
    expect(await runFastCall(ctx.database, "house", { method: "win", request: winBody as WinRequest })).toBeUndefined();
    expect((await providerCall(ctx.app, "win", winBody)).status).toBe("TRANSACTION_NOT_FOUND");
    expect((await providerCall(ctx.app, "rollback", rollback(foreign, placed))).status).toBe("TRANSACTION_NOT_FOUND");
    expect(await walletState(ctx.database, seat.walletGuid)).toMatchObject({ balance: "45.00" });
    expect(await providerCall(ctx.app, "win", win(seat, placed, "9"))).toMatchObject({ status: "OK", balance: "54.00" });
  });

  it("leave the ledger balanced", async () => {
    const report = await reconcileLedger(ctx.database.db);
    expect(report.culprits).toEqual([]);
  });
});
