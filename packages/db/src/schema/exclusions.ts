import { sql } from "drizzle-orm";
import { check, index, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz } from "./columns.ts";
import { users } from "./identity.ts";

// Time-outs, self-exclusions and operator exclusions (issue #16, ADR 020). Never deleted,
// never shortened; only an operator exclusion may be ended early (ended_at, by staff).
export const playerExclusions = pgTable(
  "player_exclusions",
  {
    guid: guid(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    kind: varchar("kind", { length: 16, enum: ["time_out", "self_exclusion", "operator"] }).notNull(),
    period: varchar("period", { length: 16 }),
    starts_at: tstz("starts_at").notNull().defaultNow(),
    // Null only for an indefinite operator exclusion.
    ends_at: tstz("ends_at"),
    reason: varchar("reason", { length: 500 }),
    created_by_staff: uuid("created_by_staff"),
    ended_at: tstz("ended_at"),
    ended_by_staff: uuid("ended_by_staff"),
    // Under gb an ended self-exclusion holds until the player asks to return; login reopens a day
    // after this (migration 0024, ADR 020).
    return_requested_at: tstz("return_requested_at"),
    return_requested_by_staff: uuid("return_requested_by_staff"),
    created_at: createdAt(),
  },
  (t) => [
    index("player_exclusions_user_idx").on(t.user_guid, t.ends_at),
    check("player_exclusions_kind_check", sql`${t.kind} IN ('time_out', 'self_exclusion', 'operator')`),
    // An end date except for an operator exclusion and an indefinite self-exclusion (migration 0024).
    check(
      "player_exclusions_end_check",
      sql`${t.kind} = 'operator' OR (${t.kind} = 'self_exclusion' AND ${t.period} = 'indefinite') OR ${t.ends_at} IS NOT NULL`,
    ),
    check("player_exclusions_early_end_check", sql`${t.ended_at} IS NULL OR ${t.kind} = 'operator'`),
    check("player_exclusions_order_check", sql`${t.ends_at} IS NULL OR ${t.ends_at} > ${t.starts_at}`),
  ],
);
