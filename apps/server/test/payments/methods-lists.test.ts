import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentsApp, call, currencyGuid, expectReconciled, guidOf, newPlayer, type PaymentsTest } from "./payments-helpers.ts";

let t: PaymentsTest;
beforeAll(async () => {
  t = await buildPaymentsApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectReconciled(t);
});

type Method = { guid: string; name: string; psp_name: string; deposit: { currencies: { currency_guid: string; min_amount: string; max_amount: string; quick_amounts: string[]; networks: { code: string }[]; is_crypto: boolean }[]; required_params: string[] } };

describe("payment methods, payment systems, metadata", () => {
  it("by segment: profile billing_segments first, else the country default (gb has its own), else the fallback", async () => {
    const gb = await guidOf(t, "SELECT guid FROM countries WHERE iso2 = 'GB'");
    const de = await guidOf(t, "SELECT guid FROM countries WHERE iso2 = 'DE'");
    const names = (res: { json: () => { payload: Method[] } }) => res.json().payload.map((m) => m.psp_name).sort();
    expect(names(await call(t, null, "GET", `/payments/methods?country_guid=${gb}`))).toEqual(["sandbox_card"]);
    expect(names(await call(t, null, "GET", `/payments/methods?country_guid=${de}`))).toEqual(["sandbox_card", "sandbox_crypto"]);
    expect(names(await call(t, null, "GET", "/payments/methods"))).toEqual(["sandbox_card", "sandbox_crypto"]);

    const player = await newPlayer(t, "seg");
    await t.database.query("UPDATE users SET country_guid = $2 WHERE guid = $1", [player.id, gb]);
    expect(names(await call(t, player, "GET", "/payments/methods"))).toEqual(["sandbox_card"]);
    const world = await guidOf(t, "SELECT guid FROM payment_segments WHERE code = 'default'");
    await t.database.query("UPDATE users SET billing_segments = ARRAY[$2]::varchar(64)[] WHERE guid = $1", [player.id, world]);
    expect(names(await call(t, player, "GET", "/payments/methods"))).toEqual(["sandbox_card", "sandbox_crypto"]);
    // Explicit segment list (repeated or comma-separated) wins.
    const gbSegment = await guidOf(t, "SELECT guid FROM payment_segments WHERE code = 'default-gb'");
    expect(names(await call(t, player, "GET", `/payments/methods?segment_guid=${gbSegment}`))).toEqual(["sandbox_card"]);
    expect(names(await call(t, player, "GET", `/payments/methods?segment_guid=${gbSegment},${world}`))).toEqual(["sandbox_card", "sandbox_crypto"]);
    expect((await call(t, player, "GET", "/payments/methods?segment_guid=nope")).statusCode).toBe(400);

    // The gb player's segment decides deposits too: a crypto deposit address is not offered to a gb-only segment.
    const usdt = await currencyGuid(t, "USDT");
    await t.database.query("UPDATE users SET billing_segments = '{}' WHERE guid = $1", [player.id]);
    const crypto = await guidOf(t, "SELECT guid FROM payment_systems WHERE name = 'sandbox_crypto'");
    const wallet = (await call(t, player, "GET", `/billing/wallet?currency_guid=${usdt}`)).json().payload.guid;
    const res = await call(t, player, "POST", "/billing/withdrawal", { psp_guid: crypto, amount: "20", wallet_guid: wallet, external_account: "0x52908400098527886E0F7030069857D2E4169EE7", network: "ERC20" });
    expect(res.statusCode).toBe(400);
  });

  it("carry limits, quick amounts, required params and crypto networks", async () => {
    const methods = (await call(t, null, "GET", "/payments/methods")).json().payload as Method[];
    const card = methods.find((m) => m.psp_name === "sandbox_card")!;
    const usd = await currencyGuid(t, "USD");
    expect(card.deposit.currencies.find((c) => c.currency_guid === usd)).toMatchObject({ min_amount: "10", max_amount: "10000", quick_amounts: ["20", "50", "100", "250"], is_crypto: false });
    expect(card.deposit.required_params).toEqual(["amount"]);
    const crypto = methods.find((m) => m.psp_name === "sandbox_crypto")!;
    const usdt = await currencyGuid(t, "USDT");
    expect(crypto.deposit.currencies.find((c) => c.currency_guid === usdt)!.networks.map((n) => n.code)).toEqual(["ERC20", "TRC20"]);

    const player = await newPlayer(t, "psp");
    const systems = (await call(t, player, "GET", "/billing/psp/list")).json().payload;
    expect(systems.map((s: { name: string }) => s.name)).toEqual(["sandbox_card", "sandbox_crypto"]);
    expect(systems[1].currencies.map((c: { code: string }) => c.code).sort()).toEqual(["BTC", "ETH", "USDT"]);
    expect(systems[1]).toMatchObject({ enabled: true, project_enabled: true, psp_deposit: true, psp_withdrawal: true });

    const meta = await call(t, player, "GET", `/billing/providers/metadata?payment_method_guid=${card.guid}`);
    expect(meta.json().payload.providers.map((p: { id: string }) => p.id)).toEqual(["visa", "mastercard"]);
    expect((await call(t, player, "GET", "/billing/providers/metadata?payment_method_guid=00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
    expect((await call(t, player, "GET", "/billing/providers/metadata")).statusCode).toBe(400);
    expect((await call(t, null, "GET", "/billing/psp/list")).statusCode).toBe(401);
  });
});

describe("payments through the payment API and the lists", () => {
  it("POST /payments makes deposits and withdrawals; lists page, filter, clamp per_page; other players see 404", async () => {
    const player = await newPlayer(t, "pay");
    const other = await newPlayer(t, "other");
    const usd = await currencyGuid(t, "USD");
    const wallet = (await call(t, player, "GET", `/billing/wallet?currency_guid=${usd}`)).json().payload.guid;
    const methods = (await call(t, player, "GET", "/payments/methods")).json().payload as Method[];
    const card = methods.find((m) => m.psp_name === "sandbox_card")!;

    const dep = await call(t, player, "POST", "/payments", { payment_method_guid: card.guid, wallet_guid: wallet, transaction_type: "deposit", extra_data: { amount: "30" } }, { "idempotency-key": "p-1" });
    expect(dep.statusCode, dep.body).toBe(200);
    expect(dep.json().payload).toMatchObject({ status: "pending", transaction_type: "deposit", amount: "30.00", payment_method_guid: card.guid, payment_system_method_name: "sandbox_card", project_method_name: "Bank card" });
    expect(dep.json().payload.external_provider_data.redirect_url).toMatch(/\/sandbox-psp\/checkout\//);
    const replay = await call(t, player, "POST", "/payments", { payment_method_guid: card.guid, wallet_guid: wallet, transaction_type: "deposit", extra_data: { amount: "30" } }, { "idempotency-key": "p-1" });
    expect(replay.json().payload.guid).toBe(dep.json().payload.guid);
    expect((await call(t, player, "POST", "/payments", { payment_method_guid: card.guid, wallet_guid: wallet, transaction_type: "deposit", extra_data: { amount: "31" } }, { "idempotency-key": "p-1" })).statusCode).toBe(409);

    await call(t, player, "POST", "/billing/deposit/test", { amount: "100", currency_guid: usd });
    const saved = (await call(t, player, "POST", "/payment/cards", { card_number: "4242424242424242", card_holder: "P P", card_exp_month: 12, card_exp_year: new Date().getUTCFullYear() + 1 })).json().payload.guid;
    const wd = await call(t, player, "POST", "/payments", { payment_method_guid: card.guid, wallet_guid: wallet, transaction_type: "withdrawal", extra_data: { amount: "25", card_guid: saved } });
    expect(wd.statusCode, wd.body).toBe(200);
    expect(wd.json().payload).toMatchObject({ status: "pending", transaction_type: "withdrawal", amount: "25.00" });
    expect(wd.json().payload.payment_logs[0]).toMatchObject({ event_type: "created", executor: "player" });

    const all = (await call(t, player, "GET", "/payments?page=1&per_page=2")).json();
    expect(all.metadata).toMatchObject({ page: 1, per_page: 2, total: 3 });
    const p2 = (await call(t, player, "GET", "/payments?page=2&per_page=2")).json();
    expect(p2.payload).toHaveLength(1);
    expect((await call(t, player, "GET", "/payments?page=9&per_page=2")).json().metadata.total).toBe(3);
    expect((await call(t, player, "GET", "/payments?transaction_type=withdrawal")).json().payload).toHaveLength(1);
    expect((await call(t, player, "GET", "/payments?status=successful&page=1&per_page=1")).json().metadata).toMatchObject({ total: 1, per_page: 1 });
    expect((await call(t, player, "GET", "/payments?page=1&per_page=10000000000")).json().metadata.per_page).toBe(200);
    expect((await call(t, player, "GET", "/payments?status=weird")).statusCode).toBe(400);
    expect((await call(t, player, "GET", "/payments?per_page=0")).statusCode).toBe(400);
    const txs = (await call(t, player, "GET", "/billing/transactions?page=1&per_page=10")).json();
    expect(txs.metadata.total).toBe(3);
    expect(txs.payload.map((x: { number: number; operation_type: string }) => `${x.operation_type}${x.number}`)).toEqual(["withdrawal1", "deposit2", "deposit1"]);

    // Another player's wallet, payment and transaction: 404; nothing of theirs in my lists.
    expect((await call(t, other, "GET", "/payments")).json().metadata.total).toBe(0);
    expect((await call(t, other, "GET", `/billing/transactions?guid=${wd.json().payload.guid}`)).json().payload).toEqual([]);
    expect((await call(t, other, "POST", "/payments", { payment_method_guid: card.guid, wallet_guid: wallet, transaction_type: "deposit", extra_data: { amount: "30" } })).statusCode).toBe(404);
    expect((await call(t, other, "PUT", `/payments/${wd.json().payload.guid}`, { status: "cancelled" })).statusCode).toBe(404);
    expect((await call(t, player, "POST", "/payments", { payment_method_guid: card.guid, wallet_guid: wallet, transaction_type: "deposit", extra_data: { amount: "30", cvv: "123" } })).statusCode).toBe(400);
    expect((await call(t, player, "POST", "/payments", { payment_method_guid: card.guid, wallet_guid: wallet, transaction_type: "refund", extra_data: { amount: "30" } })).statusCode).toBe(400);
    expect((await call(t, player, "POST", "/payments", {})).statusCode).toBe(400);
    expect((await call(t, null, "GET", "/payments")).statusCode).toBe(401);
  });
});
