import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bearer, signUp } from "../identity/identity-helpers.ts";
import { bet, currencyGuid, deposit, providerCall, rollback, win, type Seat } from "../wallet/wallet-helpers.ts";
import { reconcileLedger } from "../../src/modules/ledger/reconcile-ledger.ts";

// ADR 006: a BTC wallet plays a fiat-only table in USD through the seeded BTC/USD pair (1 BTC = 65000 USD).
// The session's price is W per G = round(1 / 65000, 18); stakes round UP to 8 BTC decimals, payouts DOWN,
// balances shown to the game round DOWN to 2 USD decimals.
const PRICE = "0.000015384615384615";

let ctx: TestContext;
let usd: string;
let btc: string;
let fiatOnly: { guid: string; external_guid: string };

beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
  usd = await currencyGuid(ctx.database, "USD");
  btc = await currencyGuid(ctx.database, "BTC");
  const [game] = await ctx.database.query<{ guid: string; external_guid: string }>(
    "SELECT guid, external_guid FROM games WHERE external_guid = 'house:live-blackjack-blackjack-vip-table'",
  );
  fiatOnly = game!;
});
afterAll(async () => {
  await ctx?.close();
});

async function btcPlayer() {
  const s = await signUp(ctx.app, `player-${randomUUID()}@example.com`);
  const res = await ctx.app.inject({ method: "GET", url: `/api/v1/billing/wallet?currency_guid=${btc}&set_active=true`, headers: bearer(s.access_token) });
  const walletGuid = res.json().payload.guid as string;
  await deposit(ctx.database, walletGuid, "0.01");
  return { token: s.access_token, walletGuid };
}

async function openConverted(token: string, body: Record<string, unknown> = {}) {
  const res = await ctx.app.inject({ method: "POST", url: "/api/v1/game/open", payload: { game_guid: fiatOnly.guid, ...body }, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const payload = res.json().payload;
  const url = new URL(payload.game_url);
  const seat: Seat = { playerGuid: "", walletGuid: "", token: url.searchParams.get("token")!, gameCode: fiatOnly.external_guid, currency: "USD" };
  return { payload, url, seat };
}

const walletBalance = async (guid: string) =>
  (await ctx.database.query<{ b: string }>("SELECT balance::text AS b FROM wallets WHERE guid = $1", [guid]))[0]!.b;

describe("in-game conversion (ingame_convertion)", () => {
  it("opens a BTC wallet on a fiat-only game in USD with the rate fixed on the session", async () => {
    const player = await btcPlayer();
    const { payload, url } = await openConverted(player.token);
    expect(payload).toMatchObject({ mode: "real", currency_guid: usd, currency_code: "USD" });
    expect(url.searchParams.get("currency")).toBe("USD");
    const [session] = await ctx.database.query<Record<string, string>>(
      `SELECT s.currency_guid, s.play_currency_guid, s.exchange_price::text AS exchange_price, cp.base_asset, cp.quote_asset
         FROM game_sessions s JOIN currency_pairs cp ON cp.guid = s.exchange_guid WHERE s.guid = $1`,
      [payload.session_id],
    );
    expect(session).toEqual({ currency_guid: btc, play_currency_guid: usd, exchange_price: PRICE, base_asset: "BTC", quote_asset: "USD" });

    // A later rate change does not touch the open session.
    await ctx.database.query("UPDATE exchange_rates SET price = 70000 WHERE currency_pair_guid = (SELECT exchange_guid FROM game_sessions WHERE guid = $1)", [payload.session_id]);
    const [after] = await ctx.database.query<{ p: string }>("SELECT exchange_price::text AS p FROM game_sessions WHERE guid = $1", [payload.session_id]);
    expect(after!.p).toBe(PRICE);
    await ctx.database.query("UPDATE exchange_rates SET price = 65000 WHERE currency_pair_guid = (SELECT exchange_guid FROM game_sessions WHERE guid = $1)", [payload.session_id]);
  });

  it("refuses an exchange_guid that does not link the wallet to a game currency", async () => {
    const player = await btcPlayer();
    const res = await ctx.app.inject({ method: "POST", url: "/api/v1/game/open", payload: { game_guid: fiatOnly.guid, exchange_guid: randomUUID() }, headers: bearer(player.token) });
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.message).toMatch(/cannot convert BTC/);
    expect(res.json().metadata.conversion).toMatchObject({ conversion_required: true, wallet_currency_guid: btc });
  });

  it("bets, wins and rolls back in USD while the ledger moves BTC, with exact rounding and exchange_* fields", async () => {
    const player = await btcPlayer();
    const { seat, payload } = await openConverted(player.token);

    expect(await providerCall(ctx.app, "balance", { token: seat.token, game_code: seat.gameCode })).toMatchObject({
      status: "OK", currency: "USD", balance: "650.00", bonus_balance: "0.00",
    });

    // 10.00 USD × PRICE = 0.00015384615384615 BTC → rounded up to 0.00015385.
    const stake = bet(seat, "10.00");
    expect(await providerCall(ctx.app, "bet", stake)).toMatchObject({ status: "OK", currency: "USD", balance: "639.99" });
    expect(await walletBalance(player.walletGuid)).toBe("0.009846150000000000");

    // Idempotency: same call → same answer, nothing moves; same uuid, other amount → DUPLICATE_TRANSACTION.
    expect(await providerCall(ctx.app, "bet", stake)).toMatchObject({ status: "OK", currency: "USD", balance: "639.99" });
    expect((await providerCall(ctx.app, "bet", { ...stake, amount: "11.00" })).status).toBe("DUPLICATE_TRANSACTION");
    expect(await walletBalance(player.walletGuid)).toBe("0.009846150000000000");

    // Any other currency is still WRONG_CURRENCY, the wallet's own included.
    expect(await providerCall(ctx.app, "bet", bet(seat, "0.0001", { currency: "BTC" }))).toMatchObject({ status: "WRONG_CURRENCY", currency: "USD" });

    // 25.00 USD → 0.000384615384615375 BTC → rounded down to 0.00038461.
    const payout = win(seat, stake, "25.00", { round_closed: true });
    expect(await providerCall(ctx.app, "win", payout)).toMatchObject({ status: "OK", currency: "USD", balance: "664.99" });
    expect(await walletBalance(player.walletGuid)).toBe("0.010230760000000000");

    // 5.00 USD → 0.00007693 BTC; the rollback refunds exactly those BTC.
    const second = bet(seat, "5.00");
    expect(await providerCall(ctx.app, "bet", second)).toMatchObject({ status: "OK", balance: "659.99" });
    expect(await providerCall(ctx.app, "rollback", rollback(seat, second))).toMatchObject({ status: "OK", currency: "USD", balance: "664.99" });
    expect(await walletBalance(player.walletGuid)).toBe("0.010230760000000000");

    // Insufficient funds in converted terms: 665.00 USD needs 0.01023077 BTC, one satoshi more than the wallet holds;
    // the 664.99 the game shows is always stakeable (0.01023062 BTC).
    expect(await providerCall(ctx.app, "bet", bet(seat, "665.00"))).toMatchObject({ status: "NOT_ENOUGH_MONEY", currency: "USD", balance: "664.99" });
    expect(await walletBalance(player.walletGuid)).toBe("0.010230760000000000");
    expect(await providerCall(ctx.app, "bet", bet(seat, "664.99"))).toMatchObject({ status: "OK", balance: "0.00" });
    expect(await walletBalance(player.walletGuid)).toBe("0.000000140000000000");

    const rows = await ctx.database.query<Record<string, string | null>>(
      `SELECT operation, bet_sum::text, win::text, balance_before::text, balance_after::text,
              exchange_bet_sum::text, exchange_win::text, exchange_balance_before::text, exchange_balance_after::text,
              exchange_price::text, (exchange_guid = (SELECT exchange_guid FROM game_sessions WHERE guid = $2))::text AS same_pair
         FROM game_transactions WHERE wallet_guid = $1 ORDER BY seq`,
      [player.walletGuid, payload.session_id],
    );
    const n = (v: string) => Number(v).toString();
    expect(rows.map((r) => [r.operation, n(r.bet_sum!), n(r.win!), n(r.exchange_bet_sum!), n(r.exchange_win!), n(r.exchange_balance_before!), n(r.exchange_balance_after!), r.exchange_price, r.same_pair])).toEqual([
      ["bet", "0.00015385", "0", "10", "0", "650", "639.99", PRICE.padEnd(20, "0"), "true"],
      ["win", "0", "0.00038461", "0", "25", "639.99", "664.99", PRICE.padEnd(20, "0"), "true"],
      ["bet", "0.00007693", "0", "5", "0", "664.99", "659.99", PRICE.padEnd(20, "0"), "true"],
      ["rollback", "0", "0.00007693", "0", "5", "659.99", "664.99", PRICE.padEnd(20, "0"), "true"],
      ["bet", "0.01023062", "0", "664.99", "0", "664.99", "0", PRICE.padEnd(20, "0"), "true"],
    ]);

    // The player's history shows both currencies.
    const history = await ctx.app.inject({ method: "GET", url: "/api/v1/games/game-transaction?per_page=10", headers: bearer(player.token) });
    const win1 = (history.json().payload as Record<string, string>[]).find((t) => t.tradeid === payout.transaction_uuid)!;
    expect(win1).toMatchObject({ win: "0.00038461", exchange_win: "25.00", exchange_bet_win: "25.00", exchange_balance_after: "664.99", exchange_price: PRICE });

    // Each currency's ledger sums to zero and every wallet matches its accounts.
    expect((await reconcileLedger(ctx.database.db)).culprits).toEqual([]);
  });
});
