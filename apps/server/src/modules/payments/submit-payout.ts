import { sql } from "drizzle-orm";
import { queryRows } from "../../lib/sql-executor.ts";
import { logPaymentEvent } from "./payment-log.ts";
import type { PaymentsContext } from "./payments-context.ts";

/**
 * Hands a pending withdrawal to its PSP, once staff approved it or the auto-approval rule did (ADR 018). Claimed with a guarded UPDATE so two
 * processes never both submit; the PSP call is idempotent on our reference,
 * and a failed call releases the claim for the worker to retry.
 */
export async function submitPayout(ctx: PaymentsContext, paymentGuid: string): Promise<boolean> {
  const rows = await queryRows<{
    amount: string;
    code: string;
    adapter: string;
    provider_token: string | null;
    external_account: string | null;
    network: string | null;
    destination_tag: string | null;
  }>(
    ctx.db,
    sql`WITH claimed AS (
          UPDATE payments SET payout_submitted_at = now()
           WHERE guid = ${paymentGuid}::uuid AND transaction_type = 'withdrawal' AND status = 'pending' AND external_id IS NULL
             -- Only what staff approved, or the operator's auto-approval rule let through (ADR 018).
             AND review_status IN ('approved', 'auto_approved')
             -- A claim whose process died mid-call is taken over after five minutes.
             AND (payout_submitted_at IS NULL OR payout_submitted_at < now() - interval '5 minutes')
          RETURNING guid, amount, currency_guid, payment_system_guid, card_guid, external_account, network, destination_tag)
        SELECT trim_scale(c.amount)::text AS amount, cur.code, s.adapter, pc.provider_token, c.external_account, c.network, c.destination_tag
          FROM claimed c JOIN currencies cur ON cur.guid = c.currency_guid JOIN payment_systems s ON s.guid = c.payment_system_guid
          LEFT JOIN payment_cards pc ON pc.guid = c.card_guid`,
  );
  const p = rows[0];
  if (!p) return false;
  try {
    const destination = p.provider_token
      ? ({ type: "card", token: p.provider_token } as const)
      : ({ type: "crypto", address: p.external_account ?? "", network: p.network ?? "", destinationTag: p.destination_tag } as const);
    const payout = await ctx.providers.get(p.adapter).createPayout({ reference: paymentGuid, amount: p.amount, currencyCode: p.code, destination });
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE payments SET external_id = ${payout.externalId}, updated_at = now() WHERE guid = ${paymentGuid}::uuid`);
      await logPaymentEvent(tx, { paymentGuid, eventType: "payout_submitted", executor: "system", details: { payout_id: payout.externalId } });
    });
    return true;
  } catch (error) {
    await ctx.db.execute(sql`UPDATE payments SET payout_submitted_at = NULL WHERE guid = ${paymentGuid}::uuid AND external_id IS NULL`);
    throw error;
  }
}

/** Worker pass: withdrawals whose payout could not be handed over (PSP down, crash) are retried. */
export async function submitUnsentPayouts(ctx: PaymentsContext, olderThanSeconds = 5): Promise<number> {
  const rows = await queryRows<{ guid: string }>(
    ctx.db,
    sql`SELECT guid FROM payments
         WHERE transaction_type = 'withdrawal' AND status = 'pending' AND external_id IS NULL
           AND review_status IN ('approved', 'auto_approved')
           AND created_at <= now() - make_interval(secs => ${olderThanSeconds})
           AND (payout_submitted_at IS NULL OR payout_submitted_at < now() - interval '5 minutes')
         ORDER BY created_at LIMIT 50`,
  );
  let sent = 0;
  for (const row of rows) {
    try {
      if (await submitPayout(ctx, row.guid)) sent += 1;
    } catch (error) {
      ctx.log.warn({ err: error, payment_guid: row.guid }, "payout retry failed");
    }
  }
  return sent;
}
