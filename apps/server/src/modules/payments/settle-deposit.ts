import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { PLATFORM_OWNER, systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../ledger/move-wallet-money.ts";
import { notifyPlayer } from "../notifications/notify-player.ts";
import { applyDepositBonuses } from "../bonuses/engine/apply-deposit-bonuses.ts";
import { evaluatePlayerSegments } from "../segments/evaluate-player-segments.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { announcePaymentEvent, announcePaymentStatus, logPaymentEvent } from "./payment-log.ts";

export type SettleResult = { status: "settled"; depositNumber: number; balance: string } | { status: "already_settled" };

/** The payment clearing account of a currency (created outside any transaction, then cached). */
export const clearingAccount = (db: Db, currencyGuid: string) =>
  systemAccountGuid(db, { kind: "payment_clearing", owner: PLATFORM_OWNER, currencyGuid });

/**
 * Credits a deposit: payment clearing → the player's cash, in the caller's
 * transaction, exactly once (the payment row is locked and the ledger key is
 * the payment's). Counts the player's deposit number and writes the
 * deposit_settled event for the bonus engine next to user_balance_updated
 * (operation_type psp_deposit). The only way deposit money reaches a wallet.
 */
export async function settleDepositInTransaction(
  tx: SqlExecutor,
  input: { paymentGuid: string; clearingAccountGuid: string; executor: "psp" | "system"; details?: Record<string, unknown> },
): Promise<SettleResult> {
  const rows = await queryRows<{
    status: string;
    customer_guid: string;
    wallet_guid: string;
    currency_guid: string;
    amount: string;
    currency_code: string;
    transaction_type: string;
  }>(
    tx,
    sql`SELECT p.status, p.customer_guid, p.wallet_guid, p.currency_guid, round(p.amount, c.decimals)::text AS amount, c.code AS currency_code, p.transaction_type
          FROM payments p JOIN currencies c ON c.guid = p.currency_guid WHERE p.guid = ${input.paymentGuid}::uuid FOR UPDATE OF p`,
  );
  const payment = rows[0];
  if (!payment || payment.transaction_type !== "deposit") throw new Error(`payment ${input.paymentGuid} is not a deposit`);
  if (payment.status === "successful") return { status: "already_settled" };

  // Serialises the numbering of one player's deposits (1st, 2nd, …).
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`deposits:${payment.customer_guid}`}, 0))`);
  const moved = await moveWalletMoney(tx, {
    walletGuid: payment.wallet_guid,
    pocket: "balance",
    direction: "credit",
    amount: payment.amount,
    counterpartyAccountGuid: input.clearingAccountGuid,
    kind: "deposit",
    idempotencyKey: `payment:${input.paymentGuid}:deposit`,
    paymentGuid: input.paymentGuid,
    operationType: "psp_deposit",
  });
  if (moved.status !== "applied" && moved.status !== "replayed") throw new Error(`deposit ${input.paymentGuid}: ledger ${moved.status}`);

  const updated = await queryRows<{ number: number }>(
    tx,
    sql`UPDATE payments p
           SET status = 'successful', updated_at = now(),
               balance_after = ${moved.balance}::numeric,
               balance_before = ${moved.balance}::numeric - p.amount,
               number = (SELECT count(*) + 1 FROM payments o
                          WHERE o.customer_guid = p.customer_guid AND o.transaction_type = 'deposit' AND o.status = 'successful')
         WHERE p.guid = ${input.paymentGuid}::uuid
        RETURNING p.number`,
  );
  const depositNumber = updated[0]!.number;
  await announcePaymentEvent(tx, "deposit_settled", input.paymentGuid, {
    deposit_number: sql`p.number`,
    is_first_deposit: sql`p.number = 1`,
  });
  await logPaymentEvent(tx, {
    paymentGuid: input.paymentGuid,
    eventType: "settled",
    executor: input.executor,
    comment: `Deposit number ${depositNumber}`,
    details: input.details,
  });
  await announcePaymentStatus(tx, input.paymentGuid);
  await notifyPlayer(tx, {
    userGuid: payment.customer_guid,
    kind: "deposit_settled",
    params: { amount: payment.amount, currency: payment.currency_code },
  });
  // Deposit count and sum rules (ADR 033): before the bonus hook, so a segment this deposit earns
  // already counts for a segment-targeted deposit offer; same transaction, so exactly once.
  await evaluatePlayerSegments(tx, payment.customer_guid);
  // The bonus engine's deposit hook (ADR 031): same transaction, so exactly once with the deposit.
  await applyDepositBonuses(tx, {
    paymentGuid: input.paymentGuid,
    playerGuid: payment.customer_guid,
    walletGuid: payment.wallet_guid,
    currencyGuid: payment.currency_guid,
    amount: payment.amount,
    depositNumber,
  });
  return { status: "settled", depositNumber, balance: moved.balance };
}

/** Marks a pending deposit failed (declined, abandoned, below minimum); no money moved. */
export async function failDepositInTransaction(
  tx: SqlExecutor,
  input: { paymentGuid: string; reason: string; executor: "psp" | "system" | "player"; status?: "failed" | "cancelled" },
): Promise<boolean> {
  const rows = await queryRows<{ guid: string }>(
    tx,
    sql`UPDATE payments SET status = ${input.status ?? "failed"}, updated_at = now()
         WHERE guid = ${input.paymentGuid}::uuid AND transaction_type = 'deposit' AND status = 'pending'
        RETURNING guid`,
  );
  if (!rows[0]) return false;
  await logPaymentEvent(tx, { paymentGuid: input.paymentGuid, eventType: input.status ?? "failed", executor: input.executor, reason: input.reason });
  await announcePaymentStatus(tx, input.paymentGuid);
  return true;
}
