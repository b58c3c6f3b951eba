import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signSandboxPayload } from "../../src/modules/payments/psp/sandbox/sandbox-webhooks.ts";
import { buildPaymentsApp, call, cashOf, currencyGuid, expectReconciled, futureYear, newPlayer, payOnSandboxPage, systemGuid, walletOf, type PaymentsTest } from "./payments-helpers.ts";

const SECRET = "dev-only-sandbox-psp-webhook-secret";
let t: PaymentsTest;
let usd: string;

beforeAll(async () => {
  t = await buildPaymentsApp();
  usd = await currencyGuid(t, "USD");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectReconciled(t);
});

const post = (rawBody: string, signature: string) =>
  t.app.inject({ method: "POST", url: "/api/v1/billing/webhooks/sandbox", headers: { "content-type": "application/json", "sandbox-signature": signature }, payload: rawBody });
const now = () => Math.floor(Date.now() / 1000);

describe("webhooks", () => {
  it("a settled deposit is applied once, however often the webhook is replayed; bad signatures are refused", async () => {
    const player = await newPlayer(t, "wh");
    const card = await systemGuid(t, "sandbox_card");
    const { transaction_guid, redirect_url } = (await call(t, player, "POST", "/billing/deposit", { amount: "50", currency_guid: usd, psp_guid: card })).json().payload;
    await payOnSandboxPage(t, redirect_url, { holder: "W", card_number: "4242424242424242", exp_month: "12", exp_year: futureYear, cvv: "123" });
    const [queued] = await t.database.query<{ event_id: string; type: string; body: Record<string, unknown>; created_at: string }>(
      "SELECT event_id, type, body, created_at::text AS created_at FROM sandbox_psp_webhooks WHERE body->>'merchant_reference' = $1",
      [transaction_guid],
    );
    const raw = JSON.stringify({ id: queued!.event_id, type: queued!.type, created_at: queued!.created_at, data: queued!.body });

    const forged = raw.replace('"50"', '"5000"');
    expect((await post(forged, signSandboxPayload(SECRET, now(), raw))).statusCode).toBe(401);
    expect((await post(raw, signSandboxPayload("another-secret-of-16+", now(), raw))).statusCode).toBe(401);
    expect((await post(raw, "t=1,v1=abc")).statusCode).toBe(401);
    expect((await post(raw, signSandboxPayload(SECRET, now() - 3600, raw))).statusCode).toBe(401);
    expect((await post(raw, "")).statusCode).toBe(401);
    const wallet = await walletOf(t, player.id, "USD");
    expect(await cashOf(t, wallet)).toBe("0");

    const first = await post(raw, signSandboxPayload(SECRET, now(), raw));
    expect(first.json().payload.outcome).toBe("processed");
    const replays = await Promise.all([1, 2, 3].map(() => post(raw, signSandboxPayload(SECRET, now(), raw))));
    expect(replays.map((r) => r.json().payload.outcome)).toEqual(["duplicate", "duplicate", "duplicate"]);
    // The sandbox's own delivery of the same event is a duplicate too.
    await t.worker.tick();
    expect(await cashOf(t, wallet)).toBe("50");
    const transfers = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers WHERE payment_guid = $1", [transaction_guid]);
    expect(transfers[0]!.n).toBe(1);
  });

  it("the sandbox retries failed deliveries with backoff, from the database", async () => {
    const { deliverDueSandboxWebhooks, enqueueSandboxWebhook } = await import("../../src/modules/payments/psp/sandbox/sandbox-webhooks.ts");
    await enqueueSandboxWebhook(t.database.db, "payout.paid", { merchant_reference: "00000000-0000-4000-8000-000000000001" });
    let calls = 0;
    const down = async () => {
      calls += 1;
      return 503;
    };
    expect(await deliverDueSandboxWebhooks(t.database.db, { secret: SECRET, transport: down })).toEqual({ delivered: 0, failed: 1 });
    const [row] = await t.database.query<{ attempts: number; wait: number; last_error: string }>(
      "SELECT attempts, extract(epoch FROM next_attempt_at - now())::float AS wait, last_error FROM sandbox_psp_webhooks WHERE delivered_at IS NULL ORDER BY id DESC LIMIT 1",
    );
    expect(row).toMatchObject({ attempts: 1, last_error: "HTTP 503" });
    expect(row!.wait).toBeGreaterThan(0);
    // Not due yet: nothing is sent.
    expect(await deliverDueSandboxWebhooks(t.database.db, { secret: SECRET, transport: down })).toEqual({ delivered: 0, failed: 0 });
    expect(calls).toBe(1);
    await t.database.query("UPDATE sandbox_psp_webhooks SET next_attempt_at = now() WHERE delivered_at IS NULL");
    await t.worker.tick();
    const [done] = await t.database.query<{ attempts: number; delivered: boolean }>(
      "SELECT attempts, delivered_at IS NOT NULL AS delivered FROM sandbox_psp_webhooks ORDER BY id DESC LIMIT 1",
    );
    expect(done).toEqual({ attempts: 2, delivered: true });
  });
});

describe("crypto deposits", () => {
  it("one address per wallet and network; credited after the required confirmations", async () => {
    const player = await newPlayer(t, "crypto");
    const usdt = await currencyGuid(t, "USDT");
    const info = await call(t, player, "GET", `/billing/psp/info/sandbox_crypto?currency_guid=${usdt}&network=TRC20`);
    expect(info.statusCode, info.body).toBe(200);
    const payload = info.json().payload;
    expect(payload).toMatchObject({ currency_code: "USDT", network: "TRC20", destination_tag: null, minimum_deposit_amount: "10", waiting_time: "20 confirmations" });
    expect(payload.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const again = (await call(t, player, "POST", "/billing/psp/info/sandbox_crypto", { currency_guid: usdt, network: "TRC20", recaptcha_response: "x" })).json().payload;
    expect(again.address).toBe(payload.address);
    const erc = (await call(t, player, "GET", `/billing/psp/info/sandbox_crypto?currency_guid=${usdt}&network=ERC20`)).json().payload;
    expect(erc.address).toMatch(/^0x[0-9a-f]{40}$/);
    expect((await call(t, player, "GET", `/billing/psp/info/sandbox_crypto?currency_guid=${usdt}`)).statusCode).toBe(400);
    expect((await call(t, player, "GET", `/billing/psp/info/sandbox_crypto?currency_guid=${usdt}&network=BTC`)).statusCode).toBe(400);
    expect((await call(t, player, "GET", `/billing/psp/info/nope?currency_guid=${usdt}`)).statusCode).toBe(404);
    const card = (await call(t, player, "GET", `/billing/psp/info/sandbox_card?currency_guid=${usd}`)).json().payload;
    expect(card).toMatchObject({ address: null, destination_tag: null, minimum_deposit_amount: "10" });

    // The simulator page: send 25 USDT, then blocks are mined.
    const sent = await t.app.inject({
      method: "POST",
      url: "/sandbox-psp/crypto/transfers",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ pair: "USDT|TRC20", address: payload.address, amount: "25.5" }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    await t.worker.tick();
    const wallet = await walletOf(t, player.id, "USDT");
    const deposits = async () => (await call(t, player, "GET", "/payments?transaction_type=deposit")).json().payload;
    expect((await deposits())[0]).toMatchObject({ status: "pending", amount: "25.500000" });
    expect(await cashOf(t, wallet)).toBe("0");
    for (let i = 0; i < 18; i += 1) await t.worker.tick();
    expect(await cashOf(t, wallet)).toBe("0");
    const page = await t.app.inject({ method: "GET", url: sent.headers.location as string });
    expect(page.body).toMatch(/1[89] \/ 20 confirmations/);
    for (let i = 0; i < 3; i += 1) await t.worker.tick();
    expect(await cashOf(t, wallet)).toBe("25.5");
    expect((await deposits())[0]).toMatchObject({ status: "successful", number: 1 });
    // More blocks change nothing.
    await t.worker.tick();
    expect(await cashOf(t, wallet)).toBe("25.5");
  });

  it("networks with a destination tag share an address and tell players apart by the tag; below-minimum transfers are not credited", async () => {
    const usdt = await currencyGuid(t, "USDT");
    await t.database.query(
      "INSERT INTO currency_networks (currency_guid, code, name, requires_destination_tag, confirmations) VALUES ($1, 'TON', 'TON', true, 1) ON CONFLICT DO NOTHING",
      [usdt],
    );
    const a = await newPlayer(t, "ta");
    const b = await newPlayer(t, "tb");
    const ia = (await call(t, a, "GET", `/billing/psp/info/sandbox_crypto?currency_guid=${usdt}&network=TON`)).json().payload;
    const ib = (await call(t, b, "GET", `/billing/psp/info/sandbox_crypto?currency_guid=${usdt}&network=TON`)).json().payload;
    expect(ia.address).toBe(ib.address);
    expect(ia.destination_tag).toMatch(/^\d{9}$/);
    expect(ib.destination_tag).not.toBe(ia.destination_tag);
    const { simulateIncomingTransfer } = await import("../../src/modules/payments/psp/sandbox/sandbox-crypto.ts");
    await simulateIncomingTransfer(t.database.db, { address: ib.address, destinationTag: ib.destination_tag, currencyCode: "USDT", network: "TON", amount: "12", requiredConfirmations: 1 });
    await simulateIncomingTransfer(t.database.db, { address: ia.address, destinationTag: ia.destination_tag, currencyCode: "USDT", network: "TON", amount: "5", requiredConfirmations: 1 });
    await t.worker.tick();
    await t.worker.tick();
    expect(await cashOf(t, await walletOf(t, b.id, "USDT"))).toBe("12");
    expect(await cashOf(t, await walletOf(t, a.id, "USDT"))).toBe("0");
    const aPayments = (await call(t, a, "GET", "/payments")).json().payload;
    expect(aPayments[0]).toMatchObject({ status: "failed" });
  });
});
