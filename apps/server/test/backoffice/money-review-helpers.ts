import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import {
  call,
  currencyGuid,
  futureYear,
  newPlayer,
  systemGuid,
  walletOf,
  type PaymentsTest,
  type Player,
} from "../payments/payments-helpers.ts";
import type { TestStaff } from "../helpers/staff-session.ts";
import { bet, houseGame, providerCall, win } from "../wallet/wallet-helpers.ts";

/** A staff call under /api/backoffice/v1. */
export const staffCall = (t: PaymentsTest, staff: TestStaff, method: "GET" | "POST", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/backoffice/v1${url}`,
    headers: staff.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

/** A player with `cash` of `currency` through a real test deposit, and a saved card. */
export async function fundedPlayer(
  t: PaymentsTest,
  cash: string,
  options: { currency?: string; cardNumber?: string } = {},
) {
  const currency = options.currency ?? "USD";
  const player = await newPlayer(t, "mr");
  const deposit = await call(t, player, "POST", "/billing/deposit/test", {
    amount: cash,
    currency_guid: await currencyGuid(t, currency),
  });
  expect(deposit.statusCode, deposit.body).toBe(200);
  const wallet = await walletOf(t, player.id, currency);
  const saved = await call(t, player, "POST", "/billing/card", {
    card_number: options.cardNumber ?? "4242424242424242",
    cardholder_name: "M Review",
    expiration_month: 12,
    expiration_year: Number(futureYear),
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { player, wallet, cardGuid: saved.json().payload.guid as string };
}

export async function requestWithdrawal(
  t: PaymentsTest,
  player: Player,
  wallet: string,
  cardGuid: string,
  amount: string,
): Promise<string> {
  const res = await call(t, player, "POST", "/billing/withdrawal", {
    psp_guid: await systemGuid(t, "sandbox_card"),
    amount,
    wallet_guid: wallet,
    card_guid: cardGuid,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.guid as string;
}

export async function paymentRow(t: PaymentsTest, guid: string) {
  const [row] = await t.database.query<{ status: string; review_status: string | null; external_id: string | null }>(
    "SELECT status, review_status, external_id FROM payments WHERE guid = $1",
    [guid],
  );
  return row!;
}

export async function pocketsOf(t: PaymentsTest, wallet: string) {
  const [row] = await t.database.query<{ balance: string; bonus_balance: string }>(
    "SELECT trim_scale(balance)::text AS balance, trim_scale(bonus_balance)::text AS bonus_balance FROM wallets WHERE guid = $1",
    [wallet],
  );
  return row!;
}

/** Adjustment transfers of one wallet as (kind, debit kind, credit kind, amount). */
export async function adjustmentTransfers(t: PaymentsTest, adjustmentId: string) {
  return t.database.query<{ kind: string; debit: string; credit: string; amount: string }>(
    `SELECT t.kind, d.kind AS debit, c.kind AS credit, trim_scale(t.amount)::text AS amount
       FROM ledger_transfers t
       JOIN ledger_accounts d ON d.guid = t.debit_account_guid JOIN ledger_accounts c ON c.guid = t.credit_account_guid
      WHERE t.idempotency_key = $1`,
    [`adjustment:${adjustmentId}`],
  );
}

/** Plays one round at a house game in the player's USD wallet: a stake and its win. */
export async function playRound(t: PaymentsTest, playerGuid: string, wallet: string, stake: string, winAmount: string) {
  const game = await houseGame(t.database);
  const session = await issueGameSession(t.database.db, {
    playerGuid,
    walletGuid: wallet,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
  });
  const seat = { playerGuid, walletGuid: wallet, token: session.token, gameCode: game.code, currency: "USD" };
  const placed = bet(seat, stake);
  expect((await providerCall(t.app, "bet", placed)).status).toBe("OK");
  expect((await providerCall(t.app, "win", win(seat, placed, winAmount, { round_closed: true }))).status).toBe("OK");
}

export const key = () => `test-${randomUUID()}`;
