import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, tstz, updatedAt } from "./columns.ts";
import { currencies } from "./dictionary.ts";
import { users } from "./identity.ts";

// Responsible-gaming limits (issue #16, ADR 021, migration 0023). The limit in force, with any
// pending increase or removal (cooling-off, then the player's confirmation); a confirmed removal
// deletes the row. Money limits are per currency; the session-time limit has no period or currency.
export const playerLimits = pgTable(
  "player_limits",
  {
    guid: guid(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    kind: varchar("kind", { length: 16, enum: ["deposit", "loss", "wager", "session_time"] }).notNull(),
    period: varchar("period", { length: 8, enum: ["day", "week", "month"] }),
    currency_guid: uuid("currency_guid").references(() => currencies.guid),
    amount: money("amount"),
    minutes: integer("minutes"),
    pending_amount: money("pending_amount"),
    pending_minutes: integer("pending_minutes"),
    pending_removal: boolean("pending_removal").notNull().default(false),
    pending_requested_at: tstz("pending_requested_at"),
    pending_effective_at: tstz("pending_effective_at"),
    pending_ready_notified_at: tstz("pending_ready_notified_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("player_limits_one_uq").on(
      t.user_guid,
      t.kind,
      sql`COALESCE(${t.period}, '')`,
      sql`COALESCE(${t.currency_guid}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    index("player_limits_ready_idx")
      .on(t.pending_effective_at)
      .where(sql`${t.pending_effective_at} IS NOT NULL AND ${t.pending_ready_notified_at} IS NULL`),
    index("player_limits_session_idx").on(t.user_guid).where(sql`${t.kind} = 'session_time'`),
    check("player_limits_kind_check", sql`${t.kind} IN ('deposit', 'loss', 'wager', 'session_time')`),
  ],
);

/** Append-only history of limit changes (players' own and staff's stricter ones). */
export const playerLimitChanges = pgTable(
  "player_limit_changes",
  {
    guid: guid(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    limit_guid: uuid("limit_guid").notNull(),
    kind: varchar("kind", { length: 16, enum: ["deposit", "loss", "wager", "session_time"] }).notNull(),
    period: varchar("period", { length: 8, enum: ["day", "week", "month"] }),
    currency_guid: uuid("currency_guid").references(() => currencies.guid),
    action: varchar("action", {
      length: 24,
      enum: ["set", "decreased", "increase_requested", "removal_requested", "increase_confirmed", "removal_confirmed", "pending_cancelled"],
    }).notNull(),
    old_amount: money("old_amount"),
    new_amount: money("new_amount"),
    old_minutes: integer("old_minutes"),
    new_minutes: integer("new_minutes"),
    effective_at: tstz("effective_at").notNull().defaultNow(),
    staff_guid: uuid("staff_guid"),
    created_at: createdAt(),
  },
  (t) => [index("player_limit_changes_user_idx").on(t.user_guid, t.created_at.desc())],
);
