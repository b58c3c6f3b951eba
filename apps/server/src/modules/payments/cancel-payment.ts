import { sql } from "drizzle-orm";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { findIdempotentPayment, recordIdempotencyKey, type IdempotencyInput } from "./idempotency.ts";
import { loadPlayer } from "./payment-lookups.ts";
import { playerMayCancelWithdrawal } from "./payment-settings.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { failDepositInTransaction } from "./settle-deposit.ts";
import { refundWithdrawal } from "./withdrawal-ledger.ts";

/**
 * A player cancels their pending payment. A withdrawal's reserved cash comes
 * back to their cash (if the jurisdiction allows players to cancel at all,
 * and only while the PSP has not paid it); a deposit is withdrawn from the PSP
 * before anyone paid it. Cancelling a cancelled payment again is a no-op.
 */
export async function cancelPayment(
  ctx: PaymentsContext,
  input: { playerGuid: string; paymentGuid: string; idempotency: IdempotencyInput | null },
): Promise<void> {
  const rows = await queryRows<{ transaction_type: string; status: string; external_id: string | null; adapter: string; kind: string }>(
    ctx.db,
    sql`SELECT p.transaction_type, p.status, p.external_id, s.adapter, s.kind
          FROM payments p JOIN payment_systems s ON s.guid = p.payment_system_guid
         WHERE p.guid = ${input.paymentGuid}::uuid AND p.customer_guid = ${input.playerGuid}::uuid`,
  );
  const payment = rows[0];
  if (!payment) throw notFound("No such transaction.");
  if (await findIdempotentPayment(ctx.db, input.playerGuid, input.idempotency)) return;
  if (payment.status === "cancelled") return;
  if (payment.status !== "pending") throw new AppError("CONFLICT", `This transaction is already ${payment.status}.`);

  if (payment.transaction_type === "withdrawal") {
    const player = await loadPlayer(ctx.db, input.playerGuid);
    if (!playerMayCancelWithdrawal(ctx.env, player.country_iso2))
      throw new AppError("FORBIDDEN", "Withdrawals cannot be cancelled in your jurisdiction.");
    if (payment.external_id) {
      const outcome = await ctx.providers.get(payment.adapter).cancelPayout(payment.external_id);
      if (outcome === "too_late") throw new AppError("CONFLICT", "The payout is already being processed and cannot be cancelled.");
    } else {
      // Not handed to the PSP yet: take the claim so the worker cannot submit it meanwhile.
      const claimed = await queryRows<{ guid: string }>(
        ctx.db,
        sql`UPDATE payments SET payout_submitted_at = now() WHERE guid = ${input.paymentGuid}::uuid AND status = 'pending'
               AND external_id IS NULL AND (payout_submitted_at IS NULL OR payout_submitted_at < now() - interval '5 minutes')
            RETURNING guid`,
      );
      if (!claimed[0]) throw new AppError("CONFLICT", "The payout is being handed to the provider; try again in a moment.");
    }
    await refundWithdrawal(ctx.db, input.paymentGuid, { status: "cancelled", reason: "cancelled_by_player", executor: "player", changedBy: input.playerGuid });
  } else {
    if (payment.kind === "crypto") throw new AppError("CONFLICT", "A transfer already on the blockchain cannot be cancelled.");
    if (payment.external_id && ctx.providers.has(payment.adapter)) {
      const outcome = await ctx.providers.get(payment.adapter).cancelDeposit(payment.external_id);
      if (outcome === "too_late") throw new AppError("CONFLICT", "The payment is already being processed and cannot be cancelled.");
    }
    await ctx.db.transaction((tx) =>
      failDepositInTransaction(tx, { paymentGuid: input.paymentGuid, reason: "cancelled_by_player", executor: "player", status: "cancelled" }),
    );
  }
  if (input.idempotency) {
    await ctx.db.transaction((tx) => recordIdempotencyKey(tx, input.playerGuid, input.idempotency, input.paymentGuid)).catch(() => undefined);
  }
}
