import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows, type SqlExecutor } from "../../../../lib/sql-executor.ts";
import { enqueueSandboxWebhook } from "./sandbox-webhooks.ts";

/**
 * Test accounts whose payouts fail: the "burn" addresses below, and any card
 * whose test number declines (4000 0000 0000 0002). Everything else is paid.
 */
export const SANDBOX_FAILING_ADDRESSES = [
  "0x000000000000000000000000000000000000dEaD",
  "TFaiLedPayoutXXXXXXXXXXXXXXXXXXXXX",
  "bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqdead",
];

/** Accepts a payout; it turns paid (or failed) after delayMs. Idempotent on the merchant reference. */
export async function createSandboxPayout(
  db: SqlExecutor,
  input: { reference: string; amount: string; currencyCode: string; destination: string; delayMs: number },
): Promise<string> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`INSERT INTO sandbox_psp_payouts (merchant_reference, amount, currency_code, destination, status, settle_at)
        VALUES (${input.reference}, ${input.amount}::numeric, ${input.currencyCode}, ${input.destination}, 'pending',
                now() + make_interval(secs => ${input.delayMs / 1000}))
        ON CONFLICT (merchant_reference) DO UPDATE SET merchant_reference = EXCLUDED.merchant_reference
        RETURNING guid`,
  );
  return rows[0]!.guid;
}

export async function cancelSandboxPayout(db: SqlExecutor, payoutGuid: string): Promise<"cancelled" | "too_late"> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`UPDATE sandbox_psp_payouts SET status = 'cancelled' WHERE guid = ${payoutGuid}::uuid AND status = 'pending' RETURNING guid`,
  );
  return rows[0] ? "cancelled" : "too_late";
}

/** Pays (or fails) every payout that is due, each with its webhook in one transaction. */
export async function settleDueSandboxPayouts(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const failing = sql.join(SANDBOX_FAILING_ADDRESSES.map((a) => sql`${`crypto:%:${a.toLowerCase()}%`}`), sql`, `);
    const rows = await queryRows<{ guid: string; merchant_reference: string; status: "paid" | "failed" }>(
      tx,
      sql`UPDATE sandbox_psp_payouts p
             SET status = CASE
                   WHEN lower(p.destination) LIKE ANY (ARRAY[${failing}]) THEN 'failed'
                   WHEN EXISTS (SELECT 1 FROM sandbox_psp_cards c
                                 WHERE p.destination = 'card:' || c.token AND c.behaviour = 'decline') THEN 'failed'
                   ELSE 'paid' END
           WHERE p.guid IN (SELECT guid FROM sandbox_psp_payouts WHERE status = 'pending' AND settle_at <= now()
                             ORDER BY settle_at LIMIT 100 FOR UPDATE SKIP LOCKED)
          RETURNING p.guid, p.merchant_reference, p.status`,
    );
    for (const row of rows) {
      await enqueueSandboxWebhook(tx, row.status === "paid" ? "payout.paid" : "payout.failed", {
        payout_id: row.guid,
        merchant_reference: row.merchant_reference,
        ...(row.status === "failed" ? { reason: "destination_rejected" } : {}),
      });
    }
    return rows.length;
  });
}
