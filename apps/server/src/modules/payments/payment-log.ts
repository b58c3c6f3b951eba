import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { outboxEvents } from "../realtime/enqueue-event.ts";

/** Appends to a payment's history (payment_logs): who did what, and why. */
export async function logPaymentEvent(
  tx: SqlExecutor,
  input: {
    paymentGuid: string;
    eventType: string;
    executor: "player" | "psp" | "system";
    changedBy?: string | null;
    comment?: string | null;
    reason?: string | null;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.execute(
    sql`INSERT INTO payment_logs (payment_guid, event_type, executor, changed_by, comment, reason, details)
        VALUES (${input.paymentGuid}::uuid, ${input.eventType}, ${input.executor}, ${input.changedBy ?? null},
                ${input.comment ?? null}, ${input.reason ?? null}, ${JSON.stringify(input.details ?? {})}::jsonb)`,
  );
}

/** A payment_status_changed event for the player's sockets, in the same transaction as the change. */
export async function announcePaymentStatus(tx: SqlExecutor, paymentGuid: string): Promise<void> {
  const event = outboxEvents("event", "payment_status_changed", {
    userGuid: sql`p.customer_guid`,
    payload: {
      payment_guid: sql`p.guid`,
      transaction_type: sql`p.transaction_type`,
      status: sql`p.status`,
      amount: sql`round(p.amount, c.decimals)::text`,
      currency_guid: sql`p.currency_guid`,
      wallet_guid: sql`p.wallet_guid`,
    },
    from: sql`FROM payments p JOIN currencies c ON c.guid = p.currency_guid WHERE p.guid = ${paymentGuid}::uuid`,
  });
  await tx.execute(sql`WITH ${event.insert} ${event.notify}`);
}
