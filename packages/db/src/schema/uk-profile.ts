import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz } from "./columns.ts";
import { users } from "./identity.ts";

// The player's answer to the deposit-limit prompt after sign-up (issue #16, ADR 025): "limit_set" or
// "declined" (the explicit "No limit for now"). One row per player; its presence means the prompt
// does not return. The limit itself lives with the responsible-gaming limits.
export const depositLimitPrompts = pgTable(
  "deposit_limit_prompts",
  {
    user_guid: uuid("user_guid")
      .primaryKey()
      .references(() => users.guid),
    answer: varchar("answer", { length: 16, enum: ["limit_set", "declined"] }).notNull(),
    answered_at: tstz("answered_at").notNull().defaultNow(),
  },
  (t) => [check("deposit_limit_prompts_answer_check", sql`${t.answer} IN ('limit_set', 'declined')`)],
);

// Log in by SMS code (the sms-auth flag, ADR 025): a 6-digit code to a verified phone. Only a hash is
// kept; the newest unused code of a player is the only one that works, for 5 minutes and 5 tries.
export const smsLoginCodes = pgTable(
  "sms_login_codes",
  {
    guid: guid(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    code_hash: varchar("code_hash", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    expires_at: tstz("expires_at").notNull(),
    used_at: tstz("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("sms_login_codes_user_idx").on(t.user_guid, t.created_at)],
);
