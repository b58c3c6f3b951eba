import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz } from "./columns.ts";
import { users } from "./identity.ts";

// In-app notifications and the account events no other table keeps (issue #16, ADR 024; migration
// 0026). Written by apps/server/src/modules/notifications (notify-player.ts) and, for account_events,
// by the users_record_credential_events trigger.

export const notifications = pgTable(
  "notifications",
  {
    guid: guid(),
    // Insertion order: the list's cursor (created_at alone ties within a transaction).
    id: bigserial("id", { mode: "number" }).notNull(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    kind: varchar("kind", { length: 40 }).notNull(),
    // What the text is rendered from (amount, currency, reason, …); strings only.
    params: jsonb("params").$type<Record<string, string>>().notNull().default({}),
    read_at: tstz("read_at"),
    created_at: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.user_guid, t.id),
    index("notifications_unread_idx")
      .on(t.user_guid)
      .where(sql`${t.read_at} IS NULL`),
  ],
);

/** Password, email and phone changes: the users row keeps only the latest state, history needs every one. */
export const accountEvents = pgTable(
  "account_events",
  {
    guid: guid(),
    id: bigserial("id", { mode: "number" }).notNull(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    kind: varchar("kind", {
      length: 40,
      enum: ["password_changed", "email_changed", "phone_changed", "phone_verified"],
    }).notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("account_events_user_idx").on(t.user_guid, t.created_at),
    check(
      "account_events_kind_check",
      sql`${t.kind} IN ('password_changed', 'email_changed', 'phone_changed', 'phone_verified')`,
    ),
  ],
);
