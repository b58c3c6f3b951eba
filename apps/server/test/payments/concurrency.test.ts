import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bet, houseGame, providerCall } from "../wallet/wallet-helpers.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { buildPaymentsApp, call, cashOf, currencyGuid, expectReconciled, futureYear, newPlayer, systemGuid, walletOf, type PaymentsTest } from "./payments-helpers.ts";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) console.warn("[payments] TEST_DATABASE_URL is unset: the withdrawal-vs-bet concurrency test is SKIPPED (PGlite runs one query at a time).");

let t: PaymentsTest;
beforeAll(async () => {
  if (hasPostgres) t = await buildPaymentsApp();
});
afterAll(async () => {
  await t?.close();
});

describe.skipIf(!hasPostgres)("concurrent withdrawals and bets (PostgreSQL)", () => {
  it("never overdraw: together they ask for far more than the cash, exactly what fits succeeds", async () => {
    const usd = await currencyGuid(t, "USD");
    const card = await systemGuid(t, "sandbox_card");
    const player = await newPlayer(t, "race");
    await call(t, player, "POST", "/billing/deposit/test", { amount: "1000", currency_guid: usd });
    const wallet = await walletOf(t, player.id, "USD");
    const saved = (await call(t, player, "POST", "/billing/card", { card_number: "4242424242424242", cardholder_name: "R P", expiration_month: 12, expiration_year: Number(futureYear) })).json().payload.guid;
    const game = await houseGame(t.database);
    const session = await issueGameSession(t.database.db, { playerGuid: player.id, walletGuid: wallet, providerCode: "house", gameCode: game.code, gameGuid: game.guid });
    const seat = { playerGuid: player.id, walletGuid: wallet, token: session.token, gameCode: game.code, currency: "USD" };

    // 30 withdrawals of 50 (1500) and 60 bets of 10 (600) against 1000 of cash.
    const withdrawals = Array.from({ length: 30 }, (_, i) =>
      call(t, player, "POST", "/billing/withdrawal", { psp_guid: card, amount: "50", wallet_guid: wallet, card_guid: saved }, { "idempotency-key": `race-${i}` }),
    );
    const bets = Array.from({ length: 60 }, () => providerCall(t.app, "bet", bet(seat, "10")));
    const [w, b] = await Promise.all([Promise.all(withdrawals), Promise.all(bets)]);
    const okWithdrawals = w.filter((r) => r.statusCode === 200).length;
    const refused = w.filter((r) => r.statusCode === 409 && r.json().payload.code === "NOT_ENOUGH_MONEY").length;
    const okBets = b.filter((r) => r.status === "OK").length;
    expect(okWithdrawals + refused).toBe(30);
    const spent = okWithdrawals * 50 + okBets * 10;
    expect(spent).toBeLessThanOrEqual(1000);
    // Cash only falls during the race, so a refusal means it could not cover the ask then or later: what is left is below 50.
    expect(1000 - spent).toBeLessThan(50);
    expect(await cashOf(t, wallet)).toBe(String(1000 - spent));
    const reserved = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE wallet_guid = $1 AND transaction_type = 'withdrawal'", [wallet]);
    expect(reserved[0]!.n).toBe(okWithdrawals);
    await expectReconciled(t);
  });

  it("the same Idempotency-Key sent concurrently reserves once", async () => {
    const usd = await currencyGuid(t, "USD");
    const card = await systemGuid(t, "sandbox_card");
    const player = await newPlayer(t, "twin");
    await call(t, player, "POST", "/billing/deposit/test", { amount: "500", currency_guid: usd });
    const wallet = await walletOf(t, player.id, "USD");
    const saved = (await call(t, player, "POST", "/billing/card", { card_number: "4242424242424242", cardholder_name: "T P", expiration_month: 12, expiration_year: Number(futureYear) })).json().payload.guid;
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(t, player, "POST", "/billing/withdrawal", { psp_guid: card, amount: "40", wallet_guid: wallet, card_guid: saved }, { "idempotency-key": "same-key" })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => r.json().payload.guid)).size).toBe(1);
    expect(await cashOf(t, wallet)).toBe("460");
    await expectReconciled(t);
  });
});
