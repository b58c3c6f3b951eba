import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { PLATFORM_OWNER, systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { movePlatformMoney } from "../ledger/move-platform-money.ts";
import { moveWalletMoney } from "../ledger/move-wallet-money.ts";
import { notifyPlayer } from "../notifications/notify-player.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { announcePaymentStatus, logPaymentEvent } from "./payment-log.ts";
import { clearingAccount } from "./settle-deposit.ts";

/** Where requested withdrawals wait: player cash → here → clearing (paid) or back to cash (failed/cancelled). */
export const withdrawalPendingAccount = (db: Db, currencyGuid: string) =>
  systemAccountGuid(db, { kind: "withdrawal_pending", owner: PLATFORM_OWNER, currencyGuid });

type PendingWithdrawal = {
  customer_guid: string;
  wallet_guid: string;
  currency_guid: string;
  currency_code: string;
  amount: string;
  status: string;
};

async function lockWithdrawal(tx: SqlExecutor, paymentGuid: string): Promise<PendingWithdrawal | undefined> {
  const rows = await queryRows<PendingWithdrawal & { transaction_type: string }>(
    tx,
    sql`SELECT p.customer_guid, p.wallet_guid, p.currency_guid, round(p.amount, c.decimals)::text AS amount, c.code AS currency_code,
               p.status, p.transaction_type
          FROM payments p JOIN currencies c ON c.guid = p.currency_guid WHERE p.guid = ${paymentGuid}::uuid FOR UPDATE OF p`,
  );
  const row = rows[0];
  return row && row.transaction_type === "withdrawal" ? row : undefined;
}

/** The payout was paid: the reserved cash leaves through clearing. Once only. */
export async function completeWithdrawal(db: Db, paymentGuid: string, details: Record<string, unknown>): Promise<"paid" | "ignored"> {
  const currency = await paymentCurrency(db, paymentGuid);
  if (!currency) return "ignored";
  const pending = await withdrawalPendingAccount(db, currency);
  const clearing = await clearingAccount(db, currency);
  return db.transaction(async (tx) => {
    const w = await lockWithdrawal(tx, paymentGuid);
    if (!w || w.status !== "pending") return "ignored";
    await movePlatformMoney(tx, {
      debitAccountGuid: pending,
      creditAccountGuid: clearing,
      currencyGuid: w.currency_guid,
      amount: w.amount,
      kind: "withdrawal",
      idempotencyKey: `payment:${paymentGuid}:paid`,
      paymentGuid,
    });
    await tx.execute(
      sql`UPDATE payments p SET status = 'successful', updated_at = now(),
                 number = (SELECT count(*) + 1 FROM payments o
                            WHERE o.customer_guid = p.customer_guid AND o.transaction_type = 'withdrawal' AND o.status = 'successful')
           WHERE p.guid = ${paymentGuid}::uuid`,
    );
    await logPaymentEvent(tx, { paymentGuid, eventType: "paid", executor: "psp", details });
    await announcePaymentStatus(tx, paymentGuid);
    await notifyPlayer(tx, {
      userGuid: w.customer_guid,
      kind: "withdrawal_paid",
      params: { amount: w.amount, currency: w.currency_code },
    });
    return "paid";
  });
}

/**
 * The payout failed, or the withdrawal was cancelled: the reserved cash goes
 * back to the player's cash (withdrawal_pending → cash), once only.
 */
export async function refundWithdrawal(
  db: Db,
  paymentGuid: string,
  input: RefundWithdrawalInput,
): Promise<"refunded" | "ignored"> {
  const currency = await paymentCurrency(db, paymentGuid);
  if (!currency) return "ignored";
  const pending = await withdrawalPendingAccount(db, currency);
  return db.transaction((tx) => refundWithdrawalInTransaction(tx, paymentGuid, pending, input));
}

export type RefundWithdrawalInput = {
  status: "failed" | "cancelled";
  reason: string;
  executor: "psp" | "player" | "system" | "staff";
  changedBy?: string;
  /** payment_logs event type; default the new status. A staff decline logs "declined". */
  eventType?: string;
};

/**
 * refundWithdrawal inside the caller's transaction (a staff decline writes its review decision and audit
 * entry in the same one). `pending` is the currency's withdrawal_pending account (withdrawalPendingAccount),
 * resolved before the transaction.
 */
export async function refundWithdrawalInTransaction(
  tx: SqlExecutor,
  paymentGuid: string,
  pending: string,
  input: RefundWithdrawalInput,
): Promise<"refunded" | "ignored"> {
  const w = await lockWithdrawal(tx, paymentGuid);
  if (!w || w.status !== "pending") return "ignored";
  const moved = await moveWalletMoney(tx, {
    walletGuid: w.wallet_guid,
    pocket: "balance",
    direction: "credit",
    amount: w.amount,
    counterpartyAccountGuid: pending,
    kind: "withdrawal_refund",
    idempotencyKey: `payment:${paymentGuid}:refund`,
    paymentGuid,
    operationType: input.status === "cancelled" ? "withdrawal_cancelled" : "withdrawal_failed",
  });
  if (moved.status !== "applied" && moved.status !== "replayed") throw new Error(`refund ${paymentGuid}: ledger ${moved.status}`);
  await tx.execute(sql`UPDATE payments SET status = ${input.status}, updated_at = now() WHERE guid = ${paymentGuid}::uuid`);
  await logPaymentEvent(tx, {
    paymentGuid,
    eventType: input.eventType ?? input.status,
    executor: input.executor,
    changedBy: input.changedBy,
    reason: input.reason,
  });
  await announcePaymentStatus(tx, paymentGuid);
  // The player cancelling their own withdrawal needs no notice; a staff decline or a failed payout does.
  if (input.executor !== "player") {
    await notifyPlayer(tx, {
      userGuid: w.customer_guid,
      kind: "withdrawal_declined",
      params: {
        amount: w.amount,
        currency: w.currency_code,
        reason: input.executor === "staff" ? input.reason : "The payout could not be completed.",
      },
    });
  }
  return "refunded";
}

async function paymentCurrency(db: Db, paymentGuid: string): Promise<string | undefined> {
  const rows = await queryRows<{ currency_guid: string }>(db, sql`SELECT currency_guid FROM payments WHERE guid = ${paymentGuid}::uuid`);
  return rows[0]?.currency_guid;
}
