import { sql } from "drizzle-orm";
import type { WithdrawalReviewStatus } from "@croupier/db/schema/payments";
import type { Env } from "../../env.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { baseCurrencyAmountSql } from "./base-currency-amount.ts";

/**
 * Decides, in the transaction that reserves a new withdrawal's cash, whether it waits for staff review or
 * goes to the PSP at once (ADR 018). Auto-approved only when the operator set WITHDRAWAL_AUTO_APPROVE_MAX
 * and the amount, in the default currency, is at most that; the wallet holds no bonus money and no bonus
 * is active; and, with WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY, the player is verified. Anything unknown (no
 * exchange rate) fails the rule. Decided in SQL on the rows as this transaction sees them.
 */
export async function applyWithdrawalReviewRule(
  tx: SqlExecutor,
  env: Pick<Env, "WITHDRAWAL_AUTO_APPROVE_MAX" | "WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY">,
  paymentGuid: string,
): Promise<WithdrawalReviewStatus> {
  const max = env.WITHDRAWAL_AUTO_APPROVE_MAX;
  const passes =
    max === undefined
      ? sql`false`
      : sql`COALESCE(${baseCurrencyAmountSql(sql`p.currency_guid`, sql`p.amount`)} <= ${max}::numeric, false)
              AND w.bonus_balance = 0 AND w.deferred_bonus_balance = 0 AND w.customer_bonus_guid IS NULL
              AND (${!env.WITHDRAWAL_AUTO_APPROVE_VERIFIED_ONLY} OR u.is_verified)`;
  const rows = await queryRows<{ review_status: WithdrawalReviewStatus }>(
    tx,
    sql`UPDATE payments p
           SET review_status = CASE WHEN ${passes} THEN 'auto_approved' ELSE 'in_review' END
          FROM wallets w, users u
         WHERE p.guid = ${paymentGuid}::uuid AND p.review_status = 'in_review'
           AND w.guid = p.wallet_guid AND u.guid = p.customer_guid
        RETURNING p.review_status`,
  );
  const status = rows[0]?.review_status ?? "in_review";
  // After the "created" entry of the same transaction (whose changed_at is the transaction's now()), so the
  // payment's history reads in order: the player API sorts it by changed_at.
  await tx.execute(
    sql`INSERT INTO payment_logs (payment_guid, event_type, executor, comment, changed_at)
        VALUES (${paymentGuid}::uuid, ${status}, 'system',
                ${status === "auto_approved" ? "Auto-approved by the operator's rule" : "Waiting for review"},
                GREATEST(clock_timestamp(), now() + interval '1 millisecond'))`,
  );
  return status;
}
