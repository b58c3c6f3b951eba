import { sql } from "drizzle-orm";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { PaymentsContext } from "../payments/payments-context.ts";
import { refundWithdrawalInTransaction, withdrawalPendingAccount } from "../payments/withdrawal-ledger.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { claimWithdrawalDecision } from "./withdrawal-decision.ts";

/**
 * Declines an in-review withdrawal with a reason: in ONE transaction the decision is claimed (once), the
 * reserved cash goes back to the player's cash through the existing withdrawal refund (withdrawal_pending →
 * player cash, key payment:<guid>:refund), the payment turns cancelled with a "declined" log entry, the
 * player's sockets get payment_status_changed and user_balance_updated, and the audit entry is written.
 * The player is mailed the reason after commit (a mail that fails does not undo the decision).
 */
export async function declineWithdrawal(
  ctx: PaymentsContext & { mailer: Mailer },
  actor: AuditActor & { staffId: string },
  input: { paymentGuid: string; reason: string },
): Promise<void> {
  const [payment] = await queryRows<{ currency_guid: string }>(
    ctx.db,
    sql`SELECT currency_guid FROM payments WHERE guid = ${input.paymentGuid}::uuid AND transaction_type = 'withdrawal'`,
  );
  if (!payment) throw notFound("No such withdrawal.");
  // Resolved (created on first use) outside the transaction, as payments does: a cached guid never names a rolled-back row.
  const pending = await withdrawalPendingAccount(ctx.db, payment.currency_guid);
  const claimed = await ctx.db.transaction(async (tx) => {
    const decision = await claimWithdrawalDecision(tx, {
      paymentGuid: input.paymentGuid,
      staffId: actor.staffId,
      decision: "declined",
    });
    const refunded = await refundWithdrawalInTransaction(tx, input.paymentGuid, pending, {
      status: "cancelled",
      reason: input.reason.slice(0, 200),
      executor: "staff",
      changedBy: actor.staffId,
      eventType: "declined",
    });
    if (refunded !== "refunded") throw new Error(`decline ${input.paymentGuid}: refund ${refunded}`);
    await recordAudit(tx, actor, {
      action: "withdrawal.decline",
      playerId: decision.customer_guid,
      targetType: "payment",
      targetId: input.paymentGuid,
      before: { review_status: "in_review", status: "pending" },
      after: { review_status: "declined", status: "cancelled" },
      details: { amount: decision.amount, currency: decision.currency_code, reason: input.reason },
    });
    return decision;
  });
  await ctx.mailer
    .send({
      to: claimed.email,
      subject: "Your withdrawal was declined",
      text: [
        `Your withdrawal of ${claimed.amount} ${claimed.currency_code} was declined, and the money is back in your balance.`,
        "",
        `Reason: ${input.reason}`,
        "",
        "If you have questions, contact our support team.",
      ].join("\n"),
    })
    .catch((error: unknown) => ctx.log.warn({ err: error, payment_guid: input.paymentGuid }, "decline mail not sent"));
}
