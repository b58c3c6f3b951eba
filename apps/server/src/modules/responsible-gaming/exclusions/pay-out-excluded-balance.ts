import { sql } from "drizzle-orm";
import type { ExclusionPayoutResult } from "@croupier/contract/entities/exclusions";
import { AppError, notFound } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { createWithdrawal } from "../../payments/create-withdrawal.ts";
import { requestHash } from "../../payments/idempotency.ts";
import type { PaymentsContext } from "../../payments/payments-context.ts";
import { recordAudit, type AuditActor } from "../../staff/record-audit.ts";
import { findExclusionInForce } from "./find-exclusion-in-force.ts";

/**
 * POST /players/:id/exclusions/payout (back office, ADR 020): an excluded player cannot log in, so
 * the withdrawal of the remaining balance goes through support. The whole cash balance of the
 * wallet (never bonus money) is requested as an ordinary withdrawal to the player's most recently
 * saved card, so the reservation, the review rule (ADR 018) and the payout are the usual ones.
 * Only while an exclusion is in force. Idempotent per wallet and balance: a double click requests once.
 * The audit row follows the withdrawal's own transaction (createWithdrawal commits it).
 */
export async function payOutExcludedBalance(
  ctx: PaymentsContext,
  actor: AuditActor,
  input: { playerId: string; walletGuid: string },
): Promise<ExclusionPayoutResult> {
  if (!(await findExclusionInForce(ctx.db, input.playerId)))
    throw new AppError("CONFLICT", "The player is not excluded: they can withdraw themselves.");
  const [wallet] = await queryRows<{ balance: string; currency: string }>(
    ctx.db,
    sql`SELECT trim_scale(w.balance)::text AS balance, c.code AS currency
          FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
         WHERE w.guid = ${input.walletGuid} AND w.customer_guid = ${input.playerId}`,
  );
  if (!wallet) throw notFound("No such wallet of this player.");
  if (Number(wallet.balance) <= 0) throw new AppError("CONFLICT", "This wallet holds no cash to pay out.");
  const [card] = await queryRows<{ guid: string; payment_system_guid: string }>(
    ctx.db,
    sql`SELECT guid, payment_system_guid FROM payment_cards
         WHERE customer_guid = ${input.playerId} AND deleted_at IS NULL
         ORDER BY created_at DESC LIMIT 1`,
  );
  if (!card)
    throw new AppError(
      "CONFLICT",
      "The player has no saved card to pay out to: arrange the payout by another channel.",
    );
  const paymentGuid = await createWithdrawal(ctx, {
    playerGuid: input.playerId,
    walletGuid: input.walletGuid,
    amount: wallet.balance,
    systemGuid: card.payment_system_guid,
    cardGuid: card.guid,
    // An excluded player cannot play a bonus off: it is forfeited so the cash can be paid out (ADR 031).
    bonusPolicy: "forfeit",
    forfeitBonus: true,
    idempotency: {
      key: `exclusion-payout:${input.walletGuid}:${wallet.balance}`,
      scope: "exclusion.payout",
      hash: requestHash("exclusion.payout", { wallet_guid: input.walletGuid, amount: wallet.balance }),
    },
  });
  await recordAudit(ctx.db, actor, {
    action: "exclusion.payout",
    playerId: input.playerId,
    targetType: "payment",
    targetId: paymentGuid,
    details: { wallet_guid: input.walletGuid, amount: wallet.balance, currency: wallet.currency, card_guid: card.guid },
  });
  return { payment_guid: paymentGuid, amount: wallet.balance, currency: wallet.currency };
}
