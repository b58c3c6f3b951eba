import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env.ts";
import { playerMayCancelWithdrawal } from "../../src/modules/payments/payment-settings.ts";
import {
  buildPaymentsApp,
  call,
  currencyGuid,
  expectReconciled,
  futureYear,
  newPlayer,
  systemGuid,
  walletOf,
  type PaymentsTest,
} from "./payments-helpers.ts";

// Issue #13 items 3 and 4: the withdrawal-cancel rule follows the operator's jurisdiction profile first,
// never a field the player can edit. The player's country (fixed at sign-up) may only tighten it.

describe("playerMayCancelWithdrawal", () => {
  const rule = (env: Record<string, string>, country: string | null) =>
    playerMayCancelWithdrawal(loadEnv(env), country);

  it("a gb operator refuses whatever the player's country, and PLAYER_MAY_CANCEL_WITHDRAWAL cannot loosen it", () => {
    for (const country of ["gb", "de", "mt", "us", null]) {
      expect(rule({ JURISDICTION: "gb" }, country), String(country)).toBe(false);
      expect(rule({ JURISDICTION: "gb", PLAYER_MAY_CANCEL_WITHDRAWAL: "true" }, country), String(country)).toBe(false);
    }
  });

  it("elsewhere the country only tightens (a player from gb never may) and the operator may forbid it", () => {
    expect(rule({}, "de")).toBe(true);
    expect(rule({ JURISDICTION: "mt" }, null)).toBe(true);
    expect(rule({}, "gb")).toBe(false);
    expect(rule({ JURISDICTION: "on" }, "GB")).toBe(false);
    expect(rule({ JURISDICTION: "mt", PLAYER_MAY_CANCEL_WITHDRAWAL: "false" }, "de")).toBe(false);
  });
});

describe("a gb operator over HTTP", () => {
  let t: PaymentsTest;
  beforeAll(async () => {
    t = await buildPaymentsApp({ JURISDICTION: "gb" });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses the cancel for a player from GB, and still after the player's country reads DE", async () => {
    const usd = await currencyGuid(t, "USD");
    const card = await systemGuid(t, "sandbox_card");
    const player = await newPlayer(t, "gbop");
    const setCountry = (iso2: string) =>
      t.database.query("UPDATE users SET country_guid = (SELECT guid FROM countries WHERE iso2 = $2) WHERE guid = $1", [
        player.id,
        iso2,
      ]);
    await setCountry("GB");
    // The gb profile wants identity and age verified and the deposit-limit prompt answered before the first deposit (ADR 025).
    await t.database.query("UPDATE users SET is_verified = true WHERE guid = $1", [player.id]);
    expect((await call(t, player, "POST", "/responsible-gaming/limit-prompt", { answer: "declined" })).statusCode).toBe(200);
    await call(t, player, "POST", "/billing/deposit/test", { amount: "50", currency_guid: usd });
    const wallet = await walletOf(t, player.id, "USD");
    const savedCard = (
      await call(t, player, "POST", "/billing/card", {
        card_number: "4242424242424242",
        cardholder_name: "G B",
        expiration_month: 12,
        expiration_year: Number(futureYear),
      })
    ).json().payload.guid;
    const tx = (
      await call(t, player, "POST", "/billing/withdrawal", {
        psp_guid: card,
        amount: "20",
        wallet_guid: wallet,
        card_guid: savedCard,
      })
    ).json().payload;
    expect((await call(t, player, "PUT", `/payments/${tx.guid}`, { status: "cancelled" })).statusCode).toBe(403);
    await setCountry("DE");
    const listed = (await call(t, player, "GET", "/payments?transaction_type=withdrawal")).json().payload as {
      guid: string;
      can_cancel: boolean;
    }[];
    expect(listed.find((p) => p.guid === tx.guid)?.can_cancel).toBe(false);
    expect((await call(t, player, "PUT", `/payments/${tx.guid}`, { status: "cancelled" })).statusCode).toBe(403);
    expect((await call(t, player, "PATCH", `/billing/transaction/${tx.guid}`)).statusCode).toBe(403);
    await expectReconciled(t);
  });
});
