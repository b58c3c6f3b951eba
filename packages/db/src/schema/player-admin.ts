import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { users } from "./identity.ts";
import { staffUsers } from "./staff.ts";

// Players in the back office (issue #15, capability 1; migration 0016_player_admin).

/**
 * A staff member's note on a player. Append-only: UPDATE, DELETE and TRUNCATE are refused by
 * trigger (player_notes_refuse_change); a correction is a new note.
 */
export const playerNotes = pgTable(
  "player_notes",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    player_guid: uuid("player_guid")
      .notNull()
      .references(() => users.guid),
    staff_guid: uuid("staff_guid")
      .notNull()
      .references(() => staffUsers.guid),
    // The author's address when the note was written.
    staff_email: varchar("staff_email", { length: 254 }).notNull(),
    text: varchar("text", { length: 2000 }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("player_notes_player_idx").on(t.player_guid, t.id),
    check("player_notes_text_not_blank", sql`length(btrim(${t.text})) > 0`),
  ],
);
