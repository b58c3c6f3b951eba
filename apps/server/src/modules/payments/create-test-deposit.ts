import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";
import { isUniqueViolation, queryRows } from "../../lib/sql-executor.ts";
import { getOrCreateWallet } from "../wallet/get-or-create-wallet.ts";
import { checkResponsibleGamingDepositLimits } from "./deposit-limit-hook.ts";
import { findIdempotentPayment, recordIdempotencyKey, type IdempotencyInput } from "./idempotency.ts";
import { logPaymentEvent } from "./payment-log.ts";
import { assertAmount, assertMayDeposit, loadCurrency, loadPlayer } from "./payment-lookups.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { clearingAccount, settleDepositInTransaction } from "./settle-deposit.ts";
import { testDepositsEnabled } from "./payment-settings.ts";
import { assertLimitPromptAnswered } from "../uk-profile/assert-limit-prompt-answered.ts";

/**
 * POST /billing/deposit/test (never in production): a deposit into the
 * player's wallet of that currency that settles at once, through exactly the
 * ledger path of a PSP-settled one (clearing → cash, deposit number, events).
 */
export async function createTestDeposit(
  ctx: PaymentsContext,
  input: { playerGuid: string; currencyGuid: string; amount: string; idempotency: IdempotencyInput | null },
): Promise<string> {
  if (!testDepositsEnabled(ctx.env)) throw new AppError("NOT_FOUND", "No such endpoint.");
  const replayed = await findIdempotentPayment(ctx.db, input.playerGuid, input.idempotency);
  if (replayed) return replayed;

  const player = await loadPlayer(ctx.db, input.playerGuid);
  assertMayDeposit(player, ctx.env.DEPOSIT_REQUIRES_KYC);
  await assertLimitPromptAnswered(ctx.db, ctx.env.jurisdiction, player.guid);
  const currency = await loadCurrency(ctx.db, input.currencyGuid);
  const limits = await queryRows<{ min: string; max: string }>(
    ctx.db,
    sql`SELECT trim_scale(min_deposit)::text AS min, trim_scale(max_deposit)::text AS max FROM currencies WHERE guid = ${currency.guid}::uuid`,
  );
  const amount = await assertAmount(ctx.db, { amount: input.amount, decimals: currency.decimals, ...limits[0]!, code: currency.code });
  const decision = await checkResponsibleGamingDepositLimits(ctx.db, { playerGuid: player.guid, currencyGuid: currency.guid, amount });
  if (!decision.allowed) throw new AppError(decision.code, decision.reason);

  const wallet = await getOrCreateWallet(ctx.db, { playerGuid: player.guid, currencyGuid: currency.guid, setActive: false });
  const system = await queryRows<{ guid: string }>(
    ctx.db,
    sql`SELECT guid FROM payment_systems WHERE kind = ${currency.type === "crypto" ? "crypto" : "card"} ORDER BY ordering LIMIT 1`,
  );
  if (!system[0]) throw new AppError("SERVICE_UNAVAILABLE", "No payment system is configured.");
  const clearing = await clearingAccount(ctx.db, currency.guid);
  const paymentGuid = randomUUID();
  try {
    await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`INSERT INTO payments (guid, customer_guid, wallet_guid, currency_guid, payment_system_guid, transaction_type,
                                  status, amount, is_test, external_id)
            VALUES (${paymentGuid}::uuid, ${player.guid}::uuid, ${wallet.guid}::uuid, ${currency.guid}::uuid,
                    ${system[0]!.guid}::uuid, 'deposit', 'pending', ${amount}::numeric, true, ${`test:${paymentGuid}`})`,
      );
      await recordIdempotencyKey(tx, player.guid, input.idempotency, paymentGuid);
      await logPaymentEvent(tx, { paymentGuid, eventType: "created", executor: "player", changedBy: player.guid, comment: "Test deposit" });
      await settleDepositInTransaction(tx, { paymentGuid, clearingAccountGuid: clearing, executor: "system" });
    });
  } catch (error) {
    if (input.idempotency && isUniqueViolation(error)) {
      const winner = await findIdempotentPayment(ctx.db, input.playerGuid, input.idempotency);
      if (winner) return winner;
    }
    throw error;
  }
  return paymentGuid;
}
