import { sql } from "drizzle-orm";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/**
 * Claims an in-review withdrawal for a decision in the caller's transaction: one guarded UPDATE, so of two
 * staff members deciding at once (or a decision racing the player's own cancel) exactly one wins; the
 * loser gets a CONFLICT naming what happened instead. A withdrawal the player is cancelling right now
 * (its payout claim taken, payout_submitted_at) is left alone.
 */
export async function claimWithdrawalDecision(
  tx: SqlExecutor,
  input: { paymentGuid: string; staffId: string; decision: "approved" | "declined" },
): Promise<{ customer_guid: string; amount: string; currency_code: string; email: string }> {
  const rows = await queryRows<{ customer_guid: string; amount: string; currency_code: string; email: string }>(
    tx,
    sql`WITH decided AS (
          UPDATE payments SET review_status = ${input.decision}, reviewed_by = ${input.staffId}::uuid,
                              reviewed_at = now(), updated_at = now()
           WHERE guid = ${input.paymentGuid}::uuid AND transaction_type = 'withdrawal'
             AND status = 'pending' AND review_status = 'in_review'
             AND (payout_submitted_at IS NULL OR payout_submitted_at < now() - interval '5 minutes')
          RETURNING customer_guid, currency_guid, amount)
        SELECT d.customer_guid, round(d.amount, c.decimals)::text AS amount, c.code AS currency_code, u.email
          FROM decided d JOIN currencies c ON c.guid = d.currency_guid JOIN users u ON u.guid = d.customer_guid`,
  );
  if (rows[0]) return rows[0];
  const [current] = await queryRows<{ status: string; review_status: string | null }>(
    tx,
    sql`SELECT status, review_status FROM payments WHERE guid = ${input.paymentGuid}::uuid AND transaction_type = 'withdrawal'`,
  );
  if (!current) throw notFound("No such withdrawal.");
  if (current.status !== "pending") throw new AppError("CONFLICT", `This withdrawal is already ${current.status}.`);
  if (current.review_status !== "in_review")
    throw new AppError("CONFLICT", `This withdrawal was already decided (${current.review_status ?? "not reviewed"}).`);
  throw new AppError("CONFLICT", "The player is cancelling this withdrawal right now; reload it in a moment.");
}
