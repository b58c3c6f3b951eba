import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";

export type RealtimeEventType =
  | "user_balance_updated"
  | "customer_status_changed"
  | "session_closed"
  | "customer_segment_added"
  | `${string}bonus${string}`;

export type EnqueueEventInput = {
  type: RealtimeEventType;
  payload: Record<string, unknown>;
  userGuid?: string | null;
  sessionGuid?: string | null;
};

/**
 * Writes a realtime event into the outbox. Call it with the transaction that
 * makes the change, so the event exists exactly when the change commits.
 * pg_notify is transactional too: listeners hear it only after COMMIT.
 */
export async function enqueueEvent(tx: Pick<Db, "execute">, input: EnqueueEventInput): Promise<void> {
  await tx.execute(sql`
    WITH inserted AS (
      INSERT INTO outbox_events (user_guid, session_guid, type, payload)
      VALUES (${input.userGuid ?? null}, ${input.sessionGuid ?? null}, ${input.type}, ${JSON.stringify(input.payload)}::jsonb)
      RETURNING id
    )
    SELECT pg_notify('outbox_events', id::text) FROM inserted`);
}
