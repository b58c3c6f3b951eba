import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bonusRow, engineCampaign, expectBooksClean, pockets } from "../bonuses/engine-helpers.ts";
import { buildPaymentsApp, call, currencyGuid, futureYear, newPlayer, payOnSandboxPage, systemGuid, type PaymentsTest, type Player } from "./payments-helpers.ts";

// The web app deposits and withdraws through the billing calls: they carry the bonus choice and the
// forfeit confirmation exactly as POST /payments does (issue #17).
let t: PaymentsTest;
let usd: string;
let cardSystem: string;

beforeAll(async () => {
  t = await buildPaymentsApp();
  usd = await currencyGuid(t, "USD");
  cardSystem = await systemGuid(t, "sandbox_card");
  await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status IN ('active', 'scheduled')");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectBooksClean(t.database);
  await t.database.query("UPDATE bonus_campaigns SET status = 'ended' WHERE status = 'active'");
});

const bonusesOf = (player: Player) =>
  t.database.query<{ bonus_guid: string; status: string }>("SELECT bonus_guid, status FROM customer_bonuses WHERE customer_guid = $1 ORDER BY created_at", [player.id]);

async function billingDeposit(player: Player, amount: string, extra: Record<string, unknown>) {
  const res = await call(t, player, "POST", "/billing/deposit", { amount, currency_guid: usd, psp_guid: cardSystem, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const { transaction_guid, redirect_url } = res.json().payload as { transaction_guid: string; redirect_url: string };
  await payOnSandboxPage(t, redirect_url, { holder: "B P", card_number: "4242424242424242", exp_month: "12", exp_year: futureYear, cvv: "123" });
  await t.worker.tick();
  return transaction_guid;
}

describe("billing calls and bonuses", () => {
  it("POST /billing/deposit: bonus_guid null deposits without the default offer; a chosen offer is granted", async () => {
    const first = await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "deposit", depositNumber: null, maxBonusSum: "5", isCumulative: true });
    const player = await newPlayer(t, "billing-choice");
    const none = await billingDeposit(player, "20", { bonus_guid: null });
    expect(await t.database.query("SELECT bonus_guid FROM payment_bonus_choices WHERE payment_guid = $1", [none])).toEqual([{ bonus_guid: null }]);
    expect(await bonusesOf(player)).toEqual([]);
    await billingDeposit(player, "20", { bonus_guid: first.bonusGuid });
    expect((await bonusesOf(player)).map((b) => b.bonus_guid)).toEqual([first.bonusGuid]);
  });

  it("POST /billing/withdrawal with an active bonus: 409 until forfeit_bonus confirms, then the bonus is cancelled", async () => {
    await engineCampaign(t.database, { currencyGuid: usd, type: "fixed_amount", trigger: "deposit", maxBonusSum: "8", wager: "10", autoActivation: true });
    const player = await newPlayer(t, "billing-forfeit");
    await call(t, player, "POST", "/billing/deposit/test", { amount: "50", currency_guid: usd });
    const [bonus] = await t.database.query<{ guid: string }>("SELECT guid FROM customer_bonuses WHERE customer_guid = $1 AND status = 'active'", [player.id]);
    const wallet = (await call(t, player, "GET", `/billing/wallet?currency_guid=${usd}`)).json().payload.guid as string;
    const card = (await call(t, player, "POST", "/payment/cards", { card_number: "4242424242424242", card_holder: "P P", card_exp_month: 12, card_exp_year: new Date().getUTCFullYear() + 1 })).json().payload.guid as string;
    const withdraw = (extra: Record<string, unknown> = {}) => call(t, player, "POST", "/billing/withdrawal", { amount: "20", wallet_guid: wallet, psp_guid: cardSystem, card_guid: card, ...extra });
    const refused = await withdraw();
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain("Confirm to continue.");
    const confirmed = await withdraw({ forfeit_bonus: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await bonusRow(t.database, bonus!.guid)).status).toBe("cancelled");
    expect(await pockets(t.database, wallet)).toMatchObject({ balance: "30", bonus_balance: "0" });
  });
});
