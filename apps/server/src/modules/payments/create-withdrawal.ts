import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { toFixedAmount } from "@croupier/contract/money";
import { moveWalletMoney } from "../ledger/move-wallet-money.ts";
import { isUniqueViolation, queryRows } from "../../lib/sql-executor.ts";
import { isValidCryptoAddress } from "./crypto-address.ts";
import { findIdempotentPayment, recordIdempotencyKey, type IdempotencyInput } from "./idempotency.ts";
import { announcePaymentStatus, logPaymentEvent } from "./payment-log.ts";
import { assertAmount, findAvailableMethod, loadCurrency, loadPlayer, resolveSegmentGuids } from "./payment-lookups.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { submitPayout } from "./submit-payout.ts";
import { applyWithdrawalReviewRule } from "../money-review/apply-withdrawal-review-rule.ts";
import type { WithdrawalReviewStatus } from "@croupier/db/schema/payments";
import { withdrawalPendingAccount } from "./withdrawal-ledger.ts";
import { applyWithdrawalBonusPolicy, type BonusWithdrawalPolicy } from "../bonuses/engine/apply-withdrawal-bonus-policy.ts";

export type CreateWithdrawalInput = {
  playerGuid: string;
  walletGuid: string;
  amount: string;
  systemGuid?: string;
  methodGuid?: string;
  cardGuid?: string;
  externalAccount?: string;
  network?: string;
  destinationTag?: string;
  idempotency: IdempotencyInput | null;
  /** extra_data.forfeit_bonus: the player confirmed cancelling an active bonus to withdraw (BONUS_WITHDRAWAL_POLICY=forfeit). */
  forfeitBonus?: boolean;
  /** Overrides BONUS_WITHDRAWAL_POLICY for withdrawals staff make on the player's behalf (exclusion payout: forfeit). */
  bonusPolicy?: BonusWithdrawalPolicy;
};

class InsufficientCash extends Error {}

/**
 * Requests a withdrawal: reserves the amount from the player's CASH (never
 * bonus money) in one guarded statement — player cash → withdrawal_pending —
 * together with the pending payment, then hands the payout to the PSP if the
 * operator's auto-approval rule passes (otherwise it waits for staff review,
 * ADR 018). A concurrent bet and withdrawal can never both spend the same cash.
 */
export async function createWithdrawal(ctx: PaymentsContext, input: CreateWithdrawalInput): Promise<string> {
  const replayed = await findIdempotentPayment(ctx.db, input.playerGuid, input.idempotency);
  if (replayed) return replayed;

  const player = await loadPlayer(ctx.db, input.playerGuid);
  // Locked or self-excluded players may still withdraw (PLAYER_PROTECTION 19).
  if (ctx.env.WITHDRAWAL_REQUIRES_KYC && !player.is_verified)
    throw new AppError("FORBIDDEN", "Please verify your identity before withdrawing.");
  const wallets = await queryRows<{ guid: string; currency_guid: string }>(
    ctx.db,
    sql`SELECT guid, currency_guid FROM wallets WHERE guid = ${input.walletGuid}::uuid AND customer_guid = ${player.guid}::uuid`,
  );
  const wallet = wallets[0];
  if (!wallet) throw notFound("No such wallet.");
  const currency = await loadCurrency(ctx.db, wallet.currency_guid);
  const segmentGuids = await resolveSegmentGuids(ctx.db, { billingSegments: player.billing_segments, countryIso2: player.country_iso2 });
  const method = await findAvailableMethod(ctx.db, {
    segmentGuids,
    currencyGuid: currency.guid,
    direction: "withdrawal",
    methodGuid: input.methodGuid,
    systemGuid: input.systemGuid,
  });
  if (!method) throw badRequest("This payment method is not available for you in this currency.");
  const amount = toFixedAmount(
    await assertAmount(ctx.db, { amount: input.amount, decimals: currency.decimals, min: method.min_amount, max: method.max_amount, code: currency.code }),
    currency.decimals,
    "trunc",
  );

  const destination = await resolveDestination(ctx, input, method.kind, method.system_guid, currency.guid);
  // An active bonus on this wallet: refused, or cancelled (forfeited) once the player confirmed (ADR 031).
  await applyWithdrawalBonusPolicy(ctx.db, {
    playerGuid: player.guid,
    walletGuid: wallet.guid,
    amount,
    policy: input.bonusPolicy ?? ctx.env.BONUS_WITHDRAWAL_POLICY,
    forfeitBonus: input.forfeitBonus === true,
  });
  const pending = await withdrawalPendingAccount(ctx.db, currency.guid);
  const paymentGuid = randomUUID();
  let review = "in_review" as WithdrawalReviewStatus;
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO payments (guid, customer_guid, wallet_guid, currency_guid, payment_system_guid, payment_method_guid,
                                  transaction_type, status, amount, card_guid, external_account, network, destination_tag, review_status)
            VALUES (${paymentGuid}::uuid, ${player.guid}::uuid, ${wallet.guid}::uuid, ${currency.guid}::uuid,
                    ${method.system_guid}::uuid, ${method.method_guid}::uuid, 'withdrawal', 'pending', ${amount}::numeric,
                    ${destination.cardGuid}::uuid, ${destination.address}, ${destination.network}, ${destination.destinationTag},
                    'in_review')`,
      );
      await recordIdempotencyKey(tx, player.guid, input.idempotency, paymentGuid);
      const moved = await moveWalletMoney(tx, {
        walletGuid: wallet.guid,
        pocket: "balance",
        direction: "debit",
        amount,
        counterpartyAccountGuid: pending,
        kind: "withdrawal",
        idempotencyKey: `payment:${paymentGuid}:reserve`,
        paymentGuid,
        operationType: "psp_withdrawal",
      });
      if (moved.status === "insufficient_funds") throw new InsufficientCash();
      if (moved.status !== "applied") throw new Error(`withdrawal ${paymentGuid}: ledger ${moved.status}`);
      await tx.execute(
        sql`UPDATE payments SET balance_after = ${moved.balance}::numeric, balance_before = ${moved.balance}::numeric + amount
             WHERE guid = ${paymentGuid}::uuid`,
      );
      await logPaymentEvent(tx, { paymentGuid, eventType: "created", executor: "player", changedBy: player.guid, comment: "Cash reserved" });
      review = await applyWithdrawalReviewRule(tx, ctx.env, paymentGuid);
      await announcePaymentStatus(tx, paymentGuid);
    });
  } catch (error) {
    if (error instanceof InsufficientCash)
      throw new AppError("NOT_ENOUGH_MONEY", "The amount is more than your withdrawable cash balance.");
    if (input.idempotency && isUniqueViolation(error)) {
      const winner = await findIdempotentPayment(ctx.db, input.playerGuid, input.idempotency);
      if (winner) return winner;
    }
    throw error;
  }
  // Staff review it in the back office first (modules/money-review), unless the operator's rule let it through.
  if (review !== "auto_approved") return paymentGuid;
  // Best effort now; the payments worker retries payouts that could not be handed over.
  await submitPayout(ctx, paymentGuid).catch((error: unknown) => ctx.log.warn({ err: error, payment_guid: paymentGuid }, "payout not submitted yet"));
  return paymentGuid;
}

type Destination = { cardGuid: string | null; address: string | null; network: string | null; destinationTag: string | null };

async function resolveDestination(
  ctx: PaymentsContext,
  input: CreateWithdrawalInput,
  kind: "card" | "crypto",
  systemGuid: string,
  currencyGuid: string,
): Promise<Destination> {
  if (kind === "card") {
    if (!input.cardGuid) throw badRequest("card_guid is required.", [{ field: "body.card_guid", message: "is required" }]);
    const cards = await queryRows<{ guid: string }>(
      ctx.db,
      sql`SELECT guid FROM payment_cards WHERE guid = ${input.cardGuid}::uuid AND customer_guid = ${input.playerGuid}::uuid
             AND deleted_at IS NULL AND payment_system_guid = ${systemGuid}::uuid`,
    );
    if (!cards[0]) throw notFound("No such card.");
    return { cardGuid: cards[0].guid, address: null, network: null, destinationTag: null };
  }
  if (!input.externalAccount) throw badRequest("external_account is required.", [{ field: "body.external_account", message: "is required" }]);
  const networks = await queryRows<{ code: string; requires_destination_tag: boolean }>(
    ctx.db,
    sql`SELECT code, requires_destination_tag FROM currency_networks WHERE currency_guid = ${currencyGuid}::uuid ORDER BY code`,
  );
  const network = input.network ? networks.find((n) => n.code === input.network) : networks.length === 1 ? networks[0] : undefined;
  if (!network) throw badRequest("Choose a network of this currency.", [{ field: "body.network", message: `must be one of ${networks.map((n) => n.code).join(", ")}` }]);
  if (!isValidCryptoAddress(network.code, input.externalAccount))
    throw badRequest("This is not an address of that network.", [{ field: "body.external_account", message: `is not a ${network.code} address` }]);
  if (network.requires_destination_tag && !input.destinationTag)
    throw badRequest("This network needs a destination tag.", [{ field: "body.destination_tag", message: "is required on this network" }]);
  return { cardGuid: null, address: input.externalAccount, network: network.code, destinationTag: input.destinationTag ?? null };
}
