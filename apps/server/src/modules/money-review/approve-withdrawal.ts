import type { PaymentsContext } from "../payments/payments-context.ts";
import { logPaymentEvent } from "../payments/payment-log.ts";
import { submitPayout } from "../payments/submit-payout.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { claimWithdrawalDecision } from "./withdrawal-decision.ts";

/**
 * Approves an in-review withdrawal (once: see claimWithdrawalDecision), with its payment log and audit entry
 * in the same transaction, then hands the payout to the PSP through the existing submit path. If the PSP
 * cannot take it now, the payments worker retries it like any unsent payout: approval is what commits.
 */
export async function approveWithdrawal(
  ctx: PaymentsContext,
  actor: AuditActor & { staffId: string },
  paymentGuid: string,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const claimed = await claimWithdrawalDecision(tx, { paymentGuid, staffId: actor.staffId, decision: "approved" });
    await logPaymentEvent(tx, { paymentGuid, eventType: "approved", executor: "staff", changedBy: actor.staffId });
    await recordAudit(tx, actor, {
      action: "withdrawal.approve",
      playerId: claimed.customer_guid,
      targetType: "payment",
      targetId: paymentGuid,
      before: { review_status: "in_review" },
      after: { review_status: "approved" },
      details: { amount: claimed.amount, currency: claimed.currency_code },
    });
  });
  await submitPayout(ctx, paymentGuid).catch((error: unknown) =>
    ctx.log.warn({ err: error, payment_guid: paymentGuid }, "approved payout not submitted yet"),
  );
}
