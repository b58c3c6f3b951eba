import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { outboxEvents, type OutboxPayloadFields } from "../realtime/enqueue-event.ts";

/** Appends to a payment's history (payment_logs): who did what, and why. */
export async function logPaymentEvent(
  tx: SqlExecutor,
  input: {
    paymentGuid: string;
    eventType: string;
    executor: "player" | "psp" | "system" | "staff";
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

// The fields every payment event carries, read from the payment row p and its currency c.
const paymentFields = {
  payment_guid: sql`p.guid`,
  wallet_guid: sql`p.wallet_guid`,
  currency_guid: sql`p.currency_guid`,
  amount: sql`round(p.amount, c.decimals)::text`,
};

type PaymentEventType = "payment_status_changed" | "deposit_settled";

/**
 * An event about a payment for its player's sockets, in the same transaction as the change.
 * `payload` adds the event's own fields to the common ones, as expressions over p and c.
 */
export async function announcePaymentEvent<K extends PaymentEventType>(
  tx: SqlExecutor,
  type: K,
  paymentGuid: string,
  payload: Omit<OutboxPayloadFields<K>, keyof typeof paymentFields>,
): Promise<void> {
  const event = outboxEvents("event", type, {
    userGuid: sql`p.customer_guid`,
    payload: { ...paymentFields, ...payload } as OutboxPayloadFields<K>,
    from: sql`FROM payments p JOIN currencies c ON c.guid = p.currency_guid WHERE p.guid = ${paymentGuid}::uuid`,
  });
  await tx.execute(sql`WITH ${event.insert} ${event.notify}`);
}

/** A payment_status_changed event: the payment's new status. */
export function announcePaymentStatus(tx: SqlExecutor, paymentGuid: string): Promise<void> {
  return announcePaymentEvent(tx, "payment_status_changed", paymentGuid, {
    transaction_type: sql`p.transaction_type`,
    status: sql`p.status`,
  });
}
