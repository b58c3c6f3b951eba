import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../lib/sql-executor.ts";

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
  await tx.execute(
    sql`WITH e AS (
          INSERT INTO outbox_events (user_guid, type, payload)
          SELECT p.customer_guid, 'payment_status_changed',
                 jsonb_build_object('payment_guid', p.guid, 'transaction_type', p.transaction_type, 'status', p.status,
                                    'amount', round(p.amount, c.decimals)::text, 'currency_guid', p.currency_guid,
                                    'wallet_guid', p.wallet_guid)
            FROM payments p JOIN currencies c ON c.guid = p.currency_guid WHERE p.guid = ${paymentGuid}::uuid
          RETURNING id)
        SELECT pg_notify('outbox_events', id::text) FROM e`,
  );
}
