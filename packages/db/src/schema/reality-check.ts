import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { tstz } from "./columns.ts";
import { users } from "./identity.ts";

// A player's reality-check interval and last answer (issue #16, ADR 022). interval_minutes: NULL =
// never chosen (the jurisdiction's default applies), 0 = off (where the profile allows it).
export const playerRealityChecks = pgTable(
  "player_reality_checks",
  {
    user_guid: uuid("user_guid")
      .primaryKey()
      .references(() => users.guid),
    interval_minutes: integer("interval_minutes"),
    acknowledged_at: tstz("acknowledged_at"),
    updated_at: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check(
      "player_reality_checks_interval_check",
      sql`${t.interval_minutes} IS NULL OR ${t.interval_minutes} = 0 OR ${t.interval_minutes} BETWEEN 5 AND 1440`,
    ),
  ],
);

// The jurisdiction's reality-check default, one row, written by the server at start from the profile
// so that the SQL bet gate (player_reality_check_due) applies the same default as the API.
export const realityCheckConfig = pgTable(
  "reality_check_config",
  {
    id: boolean("id").primaryKey().default(true),
    default_minutes: integer("default_minutes").notNull(),
    off_allowed: boolean("off_allowed").notNull(),
    updated_at: tstz("updated_at").notNull().defaultNow(),
  },
  (t) => [check("reality_check_config_one_row", sql`${t.id}`)],
);
