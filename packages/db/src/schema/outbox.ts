import { sql } from "drizzle-orm";
import { bigint, bigserial, check, jsonb, pgTable, smallint, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns.ts";

/**
 * Transactional outbox for realtime events (ARCHITECTURE §5): a row is written
 * in the same transaction as the change that caused it, and a dispatcher
 * delivers it afterwards. A committed change is never silently lost and an
 * uncommitted one is never announced. Clients deduplicate by event_id.
 *
 * Delivery writes nothing per row (ADR 041): which rows went out is the cursor below;
 * rows leave in bulk after the retention period (pruneOutboxEvents).
 */
export const outboxEvents = pgTable("outbox_events", {
  // From a sequence without CACHE: ids are handed out in insert order across sessions, which the
  // cursor's gap tracking relies on (a cached sequence would hand out ids far behind the head).
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
});

/**
 * How far the outbox was delivered (ADR 041), one row: every row with id <= head went to the fan-out,
 * except the ids in `gaps` — [lo, hi, seen_at_ms] ranges that were not visible when the head passed
 * them (a transaction still open, or rolled back). The dispatcher reads rows past the head and probes
 * the gaps, and moves both in the same transaction as it emits.
 */
export const outboxCursor = pgTable(
  "outbox_cursor",
  {
    id: smallint("id").primaryKey().default(1),
    head: bigint("head", { mode: "number" }).notNull().default(0),
    gaps: jsonb("gaps")
      .$type<[number, number, number][]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    updated_at: updatedAt(),
  },
  (t) => [
    check("outbox_cursor_one_row", sql`${t.id} = 1`),
    check("outbox_cursor_head", sql`${t.head} >= 0`),
    check("outbox_cursor_gaps", sql`jsonb_typeof(${t.gaps}) = 'array'`),
  ],
);
