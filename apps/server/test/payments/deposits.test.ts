import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentsApp, call, cashOf, currencyGuid, expectReconciled, futureYear, newPlayer, payOnSandboxPage, systemGuid, walletOf, type PaymentsTest, type Player } from "./payments-helpers.ts";
import { expectOutboxInVocabulary } from "../realtime/event-vocabulary-helpers.ts";

let t: PaymentsTest;
let alice: Player;
let bob: Player;
let usd: string;
let card: string;

beforeAll(async () => {
  t = await buildPaymentsApp();
  alice = await newPlayer(t, "alice");
  bob = await newPlayer(t, "bob");
  usd = await currencyGuid(t, "USD");
  card = await systemGuid(t, "sandbox_card");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectOutboxInVocabulary(t.database);
  await expectReconciled(t);
});

const deposit = (player: Player, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t, player, "POST", "/billing/deposit", { currency_guid: usd, psp_guid: card, ...body }, headers);

describe("card deposits through the sandbox's hosted page", () => {
  it("credits the wallet only when the settled webhook arrives, counting the deposit number", async () => {
    const res = await deposit(alice, { amount: "25.50" });
    expect(res.statusCode, res.body).toBe(200);
    const { transaction_guid, redirect_url } = res.json().payload;
    expect(redirect_url).toMatch(/\/sandbox-psp\/checkout\/[0-9a-f-]{36}$/);
    const wallet = await walletOf(t, alice.id, "USD");
    expect(await cashOf(t, wallet)).toBe("0");

    const paid = await payOnSandboxPage(t, redirect_url, { holder: "Alice Player", card_number: "4242 4242 4242 4242", exp_month: "12", exp_year: futureYear, cvv: "123" });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toContain(`transaction_guid=${transaction_guid}`);
    expect(paid.headers.location).toContain("status=success");
    // The PSP has not told us yet: nothing credited, still pending.
    expect(await cashOf(t, wallet)).toBe("0");
    expect((await call(t, alice, "GET", `/billing/transactions?guid=${transaction_guid}`)).json().payload[0].status).toBe("pending");

    await t.worker.tick();
    expect(await cashOf(t, wallet)).toBe("25.5");
    const tx = (await call(t, alice, "GET", `/billing/transactions?guid=${transaction_guid}`)).json().payload[0];
    expect(tx).toMatchObject({ status: "successful", amount: "25.50", successful_number: 1, balance_before: "0.00", balance_after: "25.50", operation_type: "deposit" });

    const events = await t.database.query<{ type: string; payload: Record<string, unknown> }>(
      "SELECT type, payload FROM outbox_events WHERE user_guid = $1 ORDER BY id",
      [alice.id],
    );
    expect(events.find((e) => e.type === "user_balance_updated" && e.payload.operation_type === "psp_deposit")?.payload).toMatchObject({ balance: "25.50", operation_amount: "25.50", wallet_guid: wallet });
    expect(events.find((e) => e.type === "deposit_settled")?.payload).toMatchObject({ payment_guid: transaction_guid, deposit_number: 1, is_first_deposit: true, amount: "25.50" });

    // A second deposit is number 2; the live-chat style check finds successful deposits.
    const second = (await deposit(alice, { amount: "10" })).json().payload;
    await payOnSandboxPage(t, second.redirect_url, { holder: "Alice Player", card_number: "5555555555554444", exp_month: "01", exp_year: futureYear, cvv: "999" });
    await t.worker.tick();
    const list = (await call(t, alice, "GET", "/payments?transaction_type=deposit&status=successful&page=1&per_page=10000000000")).json();
    expect(list.metadata).toMatchObject({ page: 1, per_page: 200, total: 2 });
    expect(list.payload.map((p: { number: number }) => p.number)).toEqual([2, 1]);
    expect(await cashOf(t, wallet)).toBe("35.5");
  });

  it("declined cards fail the deposit and send the player to declined_url", async () => {
    const { transaction_guid, redirect_url } = (await deposit(alice, { amount: "20", declined_url: "/account/wallets/deposit?declined=1" })).json().payload;
    const res = await payOnSandboxPage(t, redirect_url, { holder: "A", card_number: "4000000000000002", exp_month: "12", exp_year: futureYear, cvv: "123" });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain("declined=1");
    await t.worker.tick();
    const p = (await call(t, alice, "GET", `/billing/transactions?guid=${transaction_guid}`)).json().payload[0];
    expect(p.status).toBe("failed");
  });

  it("challenge cards need the one-time code; three wrong codes decline", async () => {
    const wallet = await walletOf(t, alice.id, "USD");
    const before = await cashOf(t, wallet);
    const { redirect_url } = (await deposit(alice, { amount: "30" })).json().payload;
    const challenge = await payOnSandboxPage(t, redirect_url, { holder: "A", card_number: "4000 0000 0000 3220", exp_month: "12", exp_year: futureYear, cvv: "123", save_card: "true" });
    expect(challenge.statusCode).toBe(200);
    const code = /data-testid="challenge-code">(\d{6})</.exec(challenge.body)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const path = new URL(redirect_url).pathname;
    const form = (body: string) => ({ method: "POST" as const, url: `${path}/challenge`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: body });
    const wrong = await t.app.inject(form(`code=${code === "000000" ? "111111" : "000000"}`));
    expect(wrong.body).toContain("2 attempt(s) left");
    const right = await t.app.inject(form(`code=${code}`));
    expect(right.statusCode).toBe(303);
    await t.worker.tick();
    const after = await t.database.query<{ ok: boolean }>("SELECT balance - 30 = $2::numeric AS ok FROM wallets WHERE guid = $1", [wallet, before]);
    expect(after[0]!.ok).toBe(true);
    // "Save card" kept the provider's token, BIN and last 4.
    const cards = (await call(t, alice, "GET", "/billing/cards")).json().payload;
    expect(cards.map((c: { card_number: string }) => c.card_number)).toContain("400000******3220");

    const second = (await deposit(alice, { amount: "30" })).json().payload;
    const c2 = await payOnSandboxPage(t, second.redirect_url, { holder: "A", card_number: "4000000000003220", exp_month: "12", exp_year: futureYear, cvv: "123" });
    expect(c2.statusCode).toBe(200);
    const p2 = new URL(second.redirect_url).pathname;
    let last;
    for (let i = 0; i < 3; i += 1)
      last = await t.app.inject({ method: "POST", url: `${p2}/challenge`, headers: { "content-type": "application/x-www-form-urlencoded" }, payload: "code=abc" });
    expect(last!.statusCode).toBe(303);
    await t.worker.tick();
    expect((await call(t, alice, "GET", `/billing/transactions?guid=${second.transaction_guid}`)).json().payload[0].status).toBe("failed");
  });

  it("refuses bad input: decimals, limits, unknown psp, foreign urls, logged-out", async () => {
    const cases: [Record<string, unknown>, number][] = [
      [{ amount: "10.001" }, 400],
      [{ amount: "9.99" }, 400],
      [{ amount: "10000.01" }, 400],
      [{ amount: "-5" }, 400],
      [{ amount: 10 }, 400],
      [{ amount: "1e3" }, 400],
      [{ amount: "20", return_url: "https://evil.example/steal" }, 400],
      [{ amount: "20", return_url: "//evil.example/x" }, 400],
      [{ amount: "20", psp_guid: "00000000-0000-4000-8000-000000000000" }, 400],
      [{ amount: "20", currency_guid: "not-a-guid" }, 400],
    ];
    for (const [body, status] of cases) expect((await deposit(alice, body)).statusCode, JSON.stringify(body)).toBe(status);
    expect((await call(t, null, "POST", "/billing/deposit", { amount: "20", currency_guid: usd, psp_guid: card })).statusCode).toBe(401);
    // Crypto systems take deposits at an address, not through this call.
    const crypto = await systemGuid(t, "sandbox_crypto");
    const btc = await currencyGuid(t, "BTC");
    expect((await call(t, alice, "POST", "/billing/deposit", { amount: "0.001", currency_guid: btc, psp_guid: crypto })).statusCode).toBe(400);
  });

  it("Idempotency-Key: same key and params → same answer and one payment; other params → 409", async () => {
    const key = { "idempotency-key": "dep-key-1" };
    const a = await deposit(alice, { amount: "40" }, key);
    const b = await deposit(alice, { amount: "40" }, key);
    expect(a.statusCode).toBe(200);
    expect(b.json().payload).toEqual(a.json().payload);
    expect((await deposit(alice, { amount: "41" }, key)).statusCode).toBe(409);
    // Keys are per player: Bob's same key is his own.
    expect((await deposit(bob, { amount: "40" }, key)).statusCode).toBe(200);
    const count = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE customer_guid = $1 AND amount = 40", [alice.id]);
    expect(count[0]!.n).toBe(1);
    expect((await deposit(alice, { amount: "40" }, { "idempotency-key": "bad key with spaces" })).statusCode).toBe(400);
  });

  it("locked players cannot deposit (but the KYC setting for deposits is off by default)", async () => {
    const carol = await newPlayer(t, "carol");
    // A lock revokes the session at once; the deposit path refuses on its own too (defence in depth).
    await t.database.query("UPDATE users SET status = 'locked' WHERE guid = $1", [carol.id]);
    expect((await deposit(carol, { amount: "20" })).statusCode).toBe(401);
    const { assertMayDeposit } = await import("../../src/modules/payments/payment-lookups.ts");
    expect(() => assertMayDeposit({ guid: carol.id, status: "locked", is_verified: true, country_iso2: null, billing_segments: [] }, false)).toThrow(/not available/);
  });

  it("test deposits settle at once through the same ledger path, into the wallet of that currency", async () => {
    const eur = await currencyGuid(t, "EUR");
    const dave = await newPlayer(t, "dave");
    const res = await call(t, dave, "POST", "/billing/deposit/test", { amount: "15", currency_guid: eur }, { "idempotency-key": "t1" });
    expect(res.statusCode, res.body).toBe(200);
    const again = await call(t, dave, "POST", "/billing/deposit/test", { amount: "15", currency_guid: eur }, { "idempotency-key": "t1" });
    expect(again.json().payload.transaction_guid).toBe(res.json().payload.transaction_guid);
    const wallet = await walletOf(t, dave.id, "EUR");
    expect(await cashOf(t, wallet)).toBe("15");
    const transfers = await t.database.query<{ kind: string; n: number }>(
      "SELECT kind, count(*)::int AS n FROM ledger_transfers WHERE payment_guid = $1 GROUP BY kind",
      [res.json().payload.transaction_guid],
    );
    expect(transfers).toEqual([{ kind: "deposit", n: 1 }]);
    const settled = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox_events WHERE user_guid = $1 AND type = 'deposit_settled'", [dave.id]);
    expect(settled[0]!.n).toBe(1);
    expect((await call(t, dave, "POST", "/billing/deposit/test", { amount: "15.001", currency_guid: eur })).statusCode).toBe(400);
  });

  it("does not exist in production", async () => {
    // The sandbox PSP itself is refused in production (test/demo-mode/demo-mode.test.ts).
    const prod = await buildPaymentsApp({ NODE_ENV: "production", JWT_SECRET: "x".repeat(40), PROVIDER_HOUSE_SECRET: "y".repeat(20), STAFF_SECRET_KEY: "z".repeat(40), DOCUMENTS_KEY: "d".repeat(64) });
    try {
      const p = await newPlayer(prod, "prod");
      await prod.database.query("UPDATE users SET is_verified = true WHERE guid = $1", [p.id]);
      const res = await call(prod, p, "POST", "/billing/deposit/test", { amount: "15", currency_guid: usd });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it("the pending deposit can be cancelled before it is paid; a paid one cannot", async () => {
    const { transaction_guid, redirect_url } = (await deposit(alice, { amount: "12" })).json().payload;
    const cancelled = await call(t, alice, "PUT", `/payments/${transaction_guid}`, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().payload.status).toBe("cancelled");
    const page = await t.app.inject({ method: "GET", url: new URL(redirect_url).pathname });
    expect(page.statusCode).toBe(409);
    const other = (await deposit(alice, { amount: "12" })).json().payload;
    await payOnSandboxPage(t, other.redirect_url, { holder: "A", card_number: "4242424242424242", exp_month: "12", exp_year: futureYear, cvv: "123" });
    expect((await call(t, alice, "PATCH", `/billing/transaction/${other.transaction_guid}`)).statusCode).toBe(409);
    await t.worker.tick();
  });
});
