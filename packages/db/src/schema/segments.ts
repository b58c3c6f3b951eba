import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, smallint, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, tstz, updatedAt } from "./columns.ts";
import { segments, users } from "./identity.ts";
import { paymentSegments } from "./payments.ts";
import { staffUsers } from "./staff.ts";

// Segments (issue #18, ADR 033). The segments and user_segments tables live in identity.ts (the
// profile reads them); the rule inputs, links and sweep state added for rule segments live here.

/** Tags staff set on a player (segment rules may require one); lower-case words. */
export const playerTags = pgTable(
  "player_tags",
  {
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    tag: varchar("tag", { length: 40 }).notNull(),
    created_by: uuid("created_by").references(() => staffUsers.guid),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_guid, t.tag] }), index("player_tags_tag_idx").on(t.tag, t.user_guid)],
);

/** A segment's payment segment: its members' billing segments include it (GET /payments/methods). */
export const segmentPaymentSegments = pgTable("segment_payment_segments", {
  segment_guid: uuid("segment_guid")
    .primaryKey()
    .references(() => segments.guid, { onDelete: "cascade" }),
  payment_segment_guid: uuid("payment_segment_guid")
    .notNull()
    .references(() => paymentSegments.guid),
});

/**
 * When each player's rule segments were last evaluated, and when a days-since-registration rule
 * next changes its answer for them (the sweep re-evaluates due players; null = nothing changes
 * with time alone).
 */
export const segmentPlayerChecks = pgTable(
  "segment_player_checks",
  {
    user_guid: uuid("user_guid")
      .primaryKey()
      .references(() => users.guid),
    evaluated_at: tstz("evaluated_at").notNull().defaultNow(),
    next_check_at: tstz("next_check_at"),
  },
  (t) => [
    index("segment_player_checks_due_idx")
      .on(t.next_check_at)
      .where(sql`${t.next_check_at} IS NOT NULL`),
  ],
);

/**
 * One row: the sweep's progress through every player after a segment's rules changed
 * (rebuild_cursor = the last player guid re-evaluated; null = nothing to rebuild).
 */
export const segmentSweepState = pgTable(
  "segment_sweep_state",
  {
    id: smallint("id").primaryKey(),
    rebuild_cursor: uuid("rebuild_cursor"),
    updated_at: updatedAt(),
  },
  (t) => [check("segment_sweep_state_one_row", sql`${t.id} = 1`)],
);
