import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { signSandboxPayload } from "../../src/modules/payments/psp/sandbox/sandbox-webhooks.ts";
import { runBonusSweep } from "../../src/modules/bonuses/engine/run-bonus-sweep.ts";
import { buildPaymentsApp, call, currencyGuid, futureYear, newPlayer, payOnSandboxPage, type PaymentsTest, type Player } from "../payments/payments-helpers.ts";
import { bonusRow, engineCampaign, expectBooksClean, pockets, transfersOf } from "./engine-helpers.ts";

const SECRET = "dev-only-sandbox-psp-webhook-secret";
let t: PaymentsTest;
let usd: string;

beforeAll(async () => {
  t = await buildPaymentsApp();
  usd = await currencyGuid(t, "USD");
  // Only this file's campaigns grant (the demo data may bring its own).
  await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status IN ('active', 'scheduled')");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectBooksClean(t.database);
  // Campaigns of one test must not grant in the next.
  await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status = 'active'");
});

type Method = { guid: string; psp_name: string };

async function walletOf(player: Player): Promise<string> {
  return (await call(t, player, "GET", `/billing/wallet?currency_guid=${usd}`)).json().payload.guid as string;
}

async function cardMethod(player: Player): Promise<string> {
  const methods = (await call(t, player, "GET", "/payments/methods")).json().payload as Method[];
  return methods.find((m) => m.psp_name === "sandbox_card")!.guid;
}

/** POST /payments deposit, paid on the sandbox page; returns the payment and the settled webhook's raw body. */
async function cardDeposit(player: Player, amount: string, extra: Record<string, unknown> = {}) {
  const wallet = await walletOf(player);
  const res = await call(t, player, "POST", "/payments", {
    payment_method_guid: await cardMethod(player),
    wallet_guid: wallet,
    transaction_type: "deposit",
    extra_data: { amount, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  const payment = res.json().payload as { guid: string; external_provider_data: { redirect_url: string } };
  await payOnSandboxPage(t, payment.external_provider_data.redirect_url, { holder: "B P", card_number: "4242424242424242", exp_month: "12", exp_year: futureYear, cvv: "123" });
  return payment.guid;
}

async function bonusesOf(player: Player) {
  return t.database.query<{ guid: string; status: string; bonus_guid: string; source_key: string }>(
    "SELECT guid, status, bonus_guid, source_key FROM customer_bonuses WHERE customer_guid = $1 ORDER BY created_at",
    [player.id],
  );
}

const postWebhook = (rawBody: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/billing/webhooks/sandbox",
    headers: { "content-type": "application/json", "sandbox-signature": signSandboxPayload(SECRET, Math.floor(Date.now() / 1000), rawBody) },
    payload: rawBody,
  });

describe("the deposit hook", () => {
  it("a settled deposit grants the matching deposit offer once, however often the webhook arrives", async () => {
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, type: "deposit_match", trigger: "deposit", depositNumber: 1, bonusPercent: "100", maxBonusSum: "30", wager: "5", minDeposit: "10", autoActivation: true });
    const second = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "deposit", depositNumber: 2, maxBonusSum: "5" });
    const player = await newPlayer(t, "hook");
    const paymentGuid = await cardDeposit(player, "40");
    const [queued] = await t.database.query<{ event_id: string; type: string; body: Record<string, unknown>; created_at: string }>(
      "SELECT event_id, type, body, created_at::text AS created_at FROM sandbox_psp_webhooks WHERE body->>'merchant_reference' = $1",
      [paymentGuid],
    );
    const raw = JSON.stringify({ id: queued!.event_id, type: queued!.type, created_at: queued!.created_at, data: queued!.body });
    expect((await postWebhook(raw)).json().payload.outcome).toBe("processed");
    expect((await postWebhook(raw)).json().payload.outcome).toBe("duplicate");
    await t.worker.tick();

    const bonuses = await bonusesOf(player);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ bonus_guid: campaign.bonusGuid, status: "active", source_key: `deposit:${paymentGuid}:${campaign.bonusGuid}` });
    // 100 % of 40, capped at 30; auto-activated in the deposit's transaction.
    expect(await bonusRow(t.database, bonuses[0]!.guid)).toMatchObject({ bonus_amount: "30", wager_amount: "150" });
    expect(await pockets(t.database, await walletOf(player))).toMatchObject({ balance: "40", bonus_balance: "30" });
    expect((await transfersOf(t.database, bonuses[0]!.guid)).map((x) => x.kind)).toEqual(["bonus_grant"]);
    expect(second.bonusGuid).not.toBe(campaign.bonusGuid);
  });

  it("extra_data.bonus_guid: an unknown offer is a 400 naming the field; null means no bonus; a chosen offer is the only one granted", async () => {
    const a = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "deposit", maxBonusSum: "5" });
    const b = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "deposit", maxBonusSum: "7" });
    const notDeposit = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "manual", maxBonusSum: "7" });
    const player = await newPlayer(t, "choice");
    const wallet = await walletOf(player);
    const bad = await call(t, player, "POST", "/payments", {
      payment_method_guid: await cardMethod(player),
      wallet_guid: wallet,
      transaction_type: "deposit",
      extra_data: { amount: "20", bonus_guid: notDeposit.bonusGuid },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("body.extra_data.bonus_guid");

    await cardDeposit(player, "20", { bonus_guid: null });
    await t.worker.tick();
    expect(await bonusesOf(player)).toEqual([]);

    await cardDeposit(player, "20", { bonus_guid: b.bonusGuid });
    await t.worker.tick();
    const granted = await bonusesOf(player);
    expect(granted.map((x) => x.bonus_guid)).toEqual([b.bonusGuid]);
    expect(a.bonusGuid).not.toBe(b.bonusGuid);
  });

  it("deposit_defer: the bonus waits in the deferred pocket until the next deposit reaches the minimum", async () => {
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "deposit", maxBonusSum: "15", minDeposit: "25", depositDefer: true, autoActivation: true, isCumulative: false, wager: "1" });
    const player = await newPlayer(t, "defer");
    const wallet = await walletOf(player);
    expect((await call(t, player, "POST", "/billing/deposit/test", { amount: "30", currency_guid: usd })).statusCode).toBe(200);
    const [bonus] = await bonusesOf(player);
    expect(bonus).toMatchObject({ bonus_guid: campaign.bonusGuid, status: "active" });
    // Not playable yet: no wagering runs on it.
    expect(await pockets(t.database, wallet)).toMatchObject({ balance: "30", bonus_balance: "0", deferred_bonus_balance: "15", wager: "0" });
    // Deferred money is not played and does not complete.
    await runBonusSweep(t.database.db);
    expect((await bonusRow(t.database, bonus!.guid)).status).toBe("active");
    // Below the minimum: still deferred.
    expect((await call(t, player, "POST", "/billing/deposit/test", { amount: "10", currency_guid: usd })).statusCode).toBe(200);
    expect((await pockets(t.database, wallet)).deferred_bonus_balance).toBe("15");
    expect((await call(t, player, "POST", "/billing/deposit/test", { amount: "25", currency_guid: usd })).statusCode).toBe(200);
    expect(await pockets(t.database, wallet)).toMatchObject({ balance: "65", bonus_balance: "15", deferred_bonus_balance: "0", wager: "15" });
    expect(await bonusRow(t.database, bonus!.guid)).toMatchObject({ deferred: false });
    expect((await transfersOf(t.database, bonus!.guid)).map((x) => x.kind)).toEqual(["bonus_grant", "bonus_release"]);
  });

  it("sign-up grants the active registration offers", async () => {
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "registration", maxBonusSum: "3", isCumulative: false });
    const player = await newPlayer(t, "welcome");
    const bonuses = await bonusesOf(player);
    expect(bonuses).toHaveLength(1);
    expect(bonuses[0]).toMatchObject({ bonus_guid: campaign.bonusGuid, status: "offered", source_key: `registration:${player.id}:${campaign.bonusGuid}` });
  });
});

describe("withdrawals while a bonus is active", () => {
  async function playerWithBonus(name: string) {
    await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "deposit", maxBonusSum: "8", wager: "10", autoActivation: true });
    const player = await newPlayer(t, name);
    await call(t, player, "POST", "/billing/deposit/test", { amount: "50", currency_guid: usd });
    const [bonus] = await bonusesOf(player);
    expect(bonus?.status).toBe("active");
    const card = (await call(t, player, "POST", "/payment/cards", { card_number: "4242424242424242", card_holder: "P P", card_exp_month: 12, card_exp_year: new Date().getUTCFullYear() + 1 })).json().payload.guid as string;
    return { player, bonus: bonus!, card, wallet: await walletOf(player) };
  }

  const withdraw = async (player: Player, wallet: string, card: string, extra: Record<string, unknown> = {}) =>
    call(t, player, "POST", "/payments", {
      payment_method_guid: await cardMethod(player),
      wallet_guid: wallet,
      transaction_type: "withdrawal",
      extra_data: { amount: "20", card_guid: card, ...extra },
    });

  it("forfeit (default): 409 until the player confirms; confirmed, the bonus is cancelled and the cash reserved", async () => {
    const { player, bonus, card, wallet } = await playerWithBonus("wd-forfeit");
    const refused = await withdraw(player, wallet, card);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().payload.message ?? refused.body).toContain("Withdrawing now cancels your active bonus and its winnings. Confirm to continue.");
    expect(await pockets(t.database, wallet)).toMatchObject({ balance: "50", bonus_balance: "8" });
    // More than the cash: refused before anything is forfeited.
    const tooMuch = await withdraw(player, wallet, card, { forfeit_bonus: true, amount: "51" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.body).toContain("NOT_ENOUGH_MONEY");
    expect((await bonusRow(t.database, bonus.guid)).status).toBe("active");
    const confirmed = await withdraw(player, wallet, card, { forfeit_bonus: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await bonusRow(t.database, bonus.guid)).toMatchObject({ status: "cancelled", forfeited_amount: "8" });
    expect(await pockets(t.database, wallet)).toMatchObject({ balance: "30", bonus_balance: "0", customer_bonus_guid: null });
  });

  it("refuse: 409 while the bonus is active, whatever the player confirms", async () => {
    const refuse = await buildPaymentsApp({ BONUS_WITHDRAWAL_POLICY: "refuse" });
    await refuse.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status IN ('active', 'scheduled')");
    const saved = t;
    t = refuse;
    try {
      const { player, bonus, card, wallet } = await playerWithBonus("wd-refuse");
      const res = await withdraw(player, wallet, card, { forfeit_bonus: true });
      expect(res.statusCode).toBe(409);
      expect(res.body).toContain("You can withdraw once your active bonus is finished or cancelled.");
      expect((await bonusRow(t.database, bonus.guid)).status).toBe("active");
      expect((await pockets(t.database, wallet)).balance).toBe("50");
      await expectBooksClean(t.database);
    } finally {
      t = saved;
      await refuse.close();
    }
  });
});
