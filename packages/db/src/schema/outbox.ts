import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, timestamp, uuid, varchar } from "drizzle-orm/pg-core";

/**
 * Transactional outbox for realtime events (ARCHITECTURE §5): a row is written
 * in the same transaction as the change that caused it, and a dispatcher
 * delivers it afterwards. A committed change is never silently lost and an
 * uncommitted one is never announced. Clients deduplicate by event_id.
 */
export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    // Random, so unique by construction; no unique index: this table takes a row per wallet call
    // and an index on random keys costs more than the rest of the row (bench:wallet).
    event_id: uuid("event_id").notNull().defaultRandom(),
    // Room the event goes to: a player (user_guid) or one login session (session_guid).
    user_guid: uuid("user_guid"),
    session_guid: uuid("session_guid"),
    type: varchar("type", { length: 64 }).notNull(),
    payload: jsonb("payload").notNull(),
    created_at: timestamp("created_at", { withTimezone: true, mode: "string" }).notNull().defaultNow(),
    delivered_at: timestamp("delivered_at", { withTimezone: true, mode: "string" }),
  },
  (t) => [index("outbox_events_undelivered_idx").on(t.id).where(sql`${t.delivered_at} IS NULL`)],
);
