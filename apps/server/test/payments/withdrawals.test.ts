import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildPaymentsApp, call, cashOf, currencyGuid, expectReconciled, futureYear, newPlayer, systemGuid, walletOf, type PaymentsTest, type Player } from "./payments-helpers.ts";
import { expectOutboxInVocabulary } from "../realtime/event-vocabulary-helpers.ts";

let t: PaymentsTest;
let usd: string;
let card: string;
let crypto: string;

beforeAll(async () => {
  t = await buildPaymentsApp();
  usd = await currencyGuid(t, "USD");
  card = await systemGuid(t, "sandbox_card");
  crypto = await systemGuid(t, "sandbox_crypto");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectOutboxInVocabulary(t.database);
  await expectReconciled(t);
});

/** A player with `cash` USD (through a real test deposit), `bonus` USD of bonus money and a saved card. */
async function fundedPlayer(cash: string, cardNumber = "4242424242424242", bonus?: string) {
  const player = await newPlayer(t, "w");
  expect((await call(t, player, "POST", "/billing/deposit/test", { amount: cash, currency_guid: usd })).statusCode).toBe(200);
  const wallet = await walletOf(t, player.id, "USD");
  if (bonus) {
    const { deposit } = await import("../wallet/wallet-helpers.ts");
    await deposit(t.database, wallet, bonus, "bonus_balance");
  }
  const saved = await call(t, player, "POST", "/billing/card", { card_number: cardNumber, cardholder_name: "W Player", expiration_month: 12, expiration_year: Number(futureYear) });
  expect(saved.statusCode, saved.body).toBe(200);
  return { player, wallet, cardGuid: saved.json().payload.guid as string };
}

const withdraw = (player: Player, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(t, player, "POST", "/billing/withdrawal", { psp_guid: card, ...body }, headers);

const statusOf = async (player: Player, guid: string) => (await call(t, player, "GET", `/billing/transactions?guid=${guid}`)).json().payload[0].status;

describe("withdrawals", () => {
  it("reserve cash at request, then the payout is paid asynchronously", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer("100");
    const res = await withdraw(player, { amount: "30", wallet_guid: wallet, card_guid: cardGuid });
    expect(res.statusCode, res.body).toBe(200);
    const tx = res.json().payload;
    expect(tx).toMatchObject({ status: "pending", operation_type: "withdrawal", amount: "30.00", balance_before: "100.00", balance_after: "70.00", external_account: "424242******4242" });
    expect(await cashOf(t, wallet)).toBe("70");
    const pending = await t.database.query<{ n: string }>(
      "SELECT trim_scale(sum(amount))::text AS n FROM ledger_transfers t JOIN ledger_accounts a ON a.guid = t.credit_account_guid WHERE a.kind = 'withdrawal_pending' AND t.payment_guid = $1",
      [tx.guid],
    );
    expect(pending[0]!.n).toBe("30");
    await t.worker.tick(); // sandbox pays (delay 0) and queues payout.paid
    await t.worker.tick(); // delivered
    expect(await statusOf(player, tx.guid)).toBe("successful");
    expect(await cashOf(t, wallet)).toBe("70");
    const kinds = await t.database.query<{ kind: string; debit: string; credit: string }>(
      `SELECT t.kind, d.kind AS debit, c.kind AS credit FROM ledger_transfers t
         JOIN ledger_accounts d ON d.guid = t.debit_account_guid JOIN ledger_accounts c ON c.guid = t.credit_account_guid
        WHERE t.payment_guid = $1 ORDER BY t.created_at`,
      [tx.guid],
    );
    expect(kinds).toEqual([
      { kind: "withdrawal", debit: "player_cash", credit: "withdrawal_pending" },
      { kind: "withdrawal", debit: "withdrawal_pending", credit: "payment_clearing" },
    ]);
  });

  it("a failed payout (test account) refunds the reserved cash", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer("100", "4000000000000002");
    const tx = (await withdraw(player, { amount: "40", wallet_guid: wallet, card_guid: cardGuid })).json().payload;
    expect(await cashOf(t, wallet)).toBe("60");
    await t.worker.tick();
    await t.worker.tick();
    expect(await statusOf(player, tx.guid)).toBe("failed");
    expect(await cashOf(t, wallet)).toBe("100");
  });

  it("draw only on cash, never more than the cash balance; bonus money is not withdrawable", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer("50", "4242424242424242", "500");
    const res = await withdraw(player, { amount: "60", wallet_guid: wallet, card_guid: cardGuid });
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.code).toBe("NOT_ENOUGH_MONEY");
    expect(await cashOf(t, wallet)).toBe("50");
    const count = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM payments WHERE wallet_guid = $1 AND transaction_type = 'withdrawal'", [wallet]);
    expect(count[0]!.n).toBe(0);
  });

  it("refuse bad input: limits, decimals, another player's wallet or card, missing destination", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer("100");
    const other = await fundedPlayer("100");
    const cases: [Record<string, unknown>, number][] = [
      [{ amount: "19.99", wallet_guid: wallet, card_guid: cardGuid }, 400],
      [{ amount: "20.001", wallet_guid: wallet, card_guid: cardGuid }, 400],
      [{ amount: "10001", wallet_guid: wallet, card_guid: cardGuid }, 400],
      [{ amount: "20", wallet_guid: wallet }, 400],
      [{ amount: "20", wallet_guid: other.wallet, card_guid: cardGuid }, 404],
      [{ amount: "20", wallet_guid: wallet, card_guid: other.cardGuid }, 404],
      [{ amount: "20", wallet_guid: "not-a-guid", card_guid: cardGuid }, 400],
    ];
    for (const [body, status] of cases) expect((await withdraw(player, body)).statusCode, JSON.stringify(body)).toBe(status);
    expect(await cashOf(t, wallet)).toBe("100");
  });

  it("Idempotency-Key: a replay reserves once; other params → 409", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer("100");
    const key = { "idempotency-key": "wd-1" };
    const a = await withdraw(player, { amount: "25", wallet_guid: wallet, card_guid: cardGuid }, key);
    const b = await withdraw(player, { amount: "25", wallet_guid: wallet, card_guid: cardGuid }, key);
    expect(b.json().payload.guid).toBe(a.json().payload.guid);
    expect((await withdraw(player, { amount: "26", wallet_guid: wallet, card_guid: cardGuid }, key)).statusCode).toBe(409);
    expect(await cashOf(t, wallet)).toBe("75");
  });

  it("cancel of a pending withdrawal returns the reserved cash; cancel again is a no-op; paid ones cannot be cancelled", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer("100");
    const tx = (await withdraw(player, { amount: "30", wallet_guid: wallet, card_guid: cardGuid })).json().payload;
    const res = await call(t, player, "PATCH", `/billing/transaction/${tx.guid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.status).toBe("cancelled");
    expect(await cashOf(t, wallet)).toBe("100");
    const again = await call(t, player, "PUT", `/payments/${tx.guid}`, { status: "cancelled" });
    expect(again.statusCode).toBe(200);
    expect(await cashOf(t, wallet)).toBe("100");
    await t.worker.tick();
    await t.worker.tick();
    expect(await statusOf(player, tx.guid)).toBe("cancelled");

    const paid = (await withdraw(player, { amount: "30", wallet_guid: wallet, card_guid: cardGuid })).json().payload;
    await t.worker.tick();
    await t.worker.tick();
    expect((await call(t, player, "PATCH", `/billing/transaction/${paid.guid}`)).statusCode).toBe(409);
    expect(await cashOf(t, wallet)).toBe("70");
    // Another player's transaction is a 404, and nothing changes.
    const stranger = await newPlayer(t, "stranger");
    expect((await call(t, stranger, "PATCH", `/billing/transaction/${paid.guid}`)).statusCode).toBe(404);
    expect((await call(t, stranger, "PUT", `/payments/${paid.guid}`, { status: "cancelled" })).statusCode).toBe(404);
    expect((await call(t, player, "PUT", `/payments/${paid.guid}`, { status: "successful" })).statusCode).toBe(400);
  });

  it("crypto withdrawals check the address and network; the burn address fails and refunds", async () => {
    const player = await newPlayer(t, "cw");
    const usdt = await currencyGuid(t, "USDT");
    await call(t, player, "POST", "/billing/deposit/test", { amount: "100", currency_guid: usdt });
    const wallet = await walletOf(t, player.id, "USDT");
    const bad = await withdraw(player, { psp_guid: crypto, amount: "30", wallet_guid: wallet, external_account: "0x1234", network: "ERC20" });
    expect(bad.statusCode).toBe(400);
    const noNetwork = await withdraw(player, { psp_guid: crypto, amount: "30", wallet_guid: wallet, external_account: "0x000000000000000000000000000000000000dEaD" });
    expect(noNetwork.statusCode).toBe(400);
    const ok = await withdraw(player, { psp_guid: crypto, amount: "30.123456", wallet_guid: wallet, external_account: "0x52908400098527886E0F7030069857D2E4169EE7", network: "ERC20" });
    expect(ok.statusCode, ok.body).toBe(200);
    const burn = await withdraw(player, { psp_guid: crypto, amount: "20", wallet_guid: wallet, external_account: "0x000000000000000000000000000000000000dEaD", network: "ERC20" });
    expect(burn.statusCode).toBe(200);
    expect(await cashOf(t, wallet)).toBe("49.876544");
    await t.worker.tick();
    await t.worker.tick();
    expect(await statusOf(player, ok.json().payload.guid)).toBe("successful");
    expect(await statusOf(player, burn.json().payload.guid)).toBe("failed");
    expect(await cashOf(t, wallet)).toBe("69.876544");
  });

  it("KYC: with WITHDRAWAL_REQUIRES_KYC on, unverified players are refused", async () => {
    const kyc = await buildPaymentsApp({ WITHDRAWAL_REQUIRES_KYC: "true" });
    try {
      const player = await newPlayer(kyc, "kyc");
      await call(kyc, player, "POST", "/billing/deposit/test", { amount: "100", currency_guid: usd });
      const wallet = await walletOf(kyc, player.id, "USD");
      const savedCard = (await call(kyc, player, "POST", "/payment/cards", { card_number: "4242424242424242", card_holder: "K P", card_exp_month: 1, card_exp_year: Number(futureYear) })).json().payload.guid;
      const body = { psp_guid: card, amount: "20", wallet_guid: wallet, card_guid: savedCard };
      const refused = await call(kyc, player, "POST", "/billing/withdrawal", body);
      expect(refused.statusCode).toBe(403);
      await kyc.database.query("UPDATE users SET is_verified = true WHERE guid = $1", [player.id]);
      expect((await call(kyc, player, "POST", "/billing/withdrawal", body)).statusCode).toBe(200);
      await expectReconciled(kyc);
    } finally {
      await kyc.close();
    }
  });

  it("can_cancel: true only on a pending withdrawal (default rules); false once paid, cancelled, and on deposits", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer("100");
    const pending = (await withdraw(player, { amount: "20", wallet_guid: wallet, card_guid: cardGuid })).json().payload;
    const flags = async () =>
      Object.fromEntries(
        ((await call(t, player, "GET", "/payments")).json().payload as { guid: string; transaction_type: string; can_cancel: boolean }[]).map((p) => [p.guid, `${p.transaction_type}:${p.can_cancel}`]),
      );
    const before = await flags();
    expect(before[pending.guid]).toBe("withdrawal:true");
    expect(Object.values(before).filter((v) => v.startsWith("deposit:"))).toEqual(["deposit:false"]);
    const cancelled = await call(t, player, "PUT", `/payments/${pending.guid}`, { status: "cancelled" });
    expect(cancelled.json().payload).toMatchObject({ status: "cancelled", can_cancel: false });
    const paid = (await withdraw(player, { amount: "20", wallet_guid: wallet, card_guid: cardGuid })).json().payload;
    await t.worker.tick();
    await t.worker.tick();
    expect((await flags())[paid.guid]).toBe("withdrawal:false");
  });

  it("under UK rules (JURISDICTION=gb) players may not cancel a withdrawal", async () => {
    const uk = await buildPaymentsApp({ JURISDICTION: "gb" });
    try {
      const player = await newPlayer(uk, "uk");
      // The gb profile wants identity and age verified before the first deposit (ADR 025).
      await uk.database.query("UPDATE users SET is_verified = true WHERE guid = $1", [player.id]);
      // ... and an answer to the deposit-limit prompt.
      expect((await call(uk, player, "POST", "/responsible-gaming/limit-prompt", { answer: "declined" })).statusCode).toBe(200);
      await call(uk, player, "POST", "/billing/deposit/test", { amount: "100", currency_guid: usd });
      const wallet = await walletOf(uk, player.id, "USD");
      const savedCard = (await call(uk, player, "POST", "/billing/card", { card_number: "4242424242424242", cardholder_name: "U K", expiration_month: 1, expiration_year: Number(futureYear) })).json().payload.guid;
      const tx = (await call(uk, player, "POST", "/billing/withdrawal", { psp_guid: card, amount: "20", wallet_guid: wallet, card_guid: savedCard })).json().payload;
      const listed = (await call(uk, player, "GET", "/payments?transaction_type=withdrawal")).json().payload;
      expect(listed.map((p: { guid: string; status: string; can_cancel: boolean }) => [p.guid, p.status, p.can_cancel])).toEqual([[tx.guid, "pending", false]]);
      const res = await call(uk, player, "PATCH", `/billing/transaction/${tx.guid}`);
      expect(res.statusCode).toBe(403);
      const put = await call(uk, player, "PUT", `/payments/${tx.guid}`, { status: "cancelled" });
      expect(put.statusCode).toBe(403);
      expect(await cashOf(uk, wallet)).toBe("80");
      await expectReconciled(uk);
    } finally {
      await uk.close();
    }
  });
});
