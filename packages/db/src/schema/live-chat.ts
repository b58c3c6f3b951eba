import { sql } from "drizzle-orm";
import { bigserial, index, integer, pgTable, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz, updatedAt } from "./columns.ts";
import { sessions, users } from "./identity.ts";
import { staffSessions, staffUsers } from "./staff.ts";

// Live chat (issue #15, capability 5; migration 0018). Written by apps/server/src/modules/live-chat.

export const chatConversations = pgTable(
  "chat_conversations",
  {
    guid: guid(),
    user_guid: uuid("user_guid").references(() => users.guid),
    // A visitor's conversation belongs to their anonymous session.
    session_guid: uuid("session_guid").references(() => sessions.guid),
    status: varchar("status", { length: 8, enum: ["open", "closed"] })
      .notNull()
      .default("open"),
    assigned_staff_guid: uuid("assigned_staff_guid").references(() => staffUsers.guid),
    last_message_at: tstz("last_message_at").notNull().defaultNow(),
    last_message_preview: varchar("last_message_preview", { length: 140 }),
    player_unread: integer("player_unread").notNull().default(0),
    staff_unread: integer("staff_unread").notNull().default(0),
    offline_email: varchar("offline_email", { length: 254 }),
    offline_at: tstz("offline_at"),
    created_at: createdAt(),
    closed_at: tstz("closed_at"),
  },
  (t) => [
    uniqueIndex("chat_conversations_open_user_uq")
      .on(t.user_guid)
      .where(sql`${t.status} = 'open' AND ${t.user_guid} IS NOT NULL`),
    uniqueIndex("chat_conversations_open_visitor_uq")
      .on(t.session_guid)
      .where(sql`${t.status} = 'open' AND ${t.user_guid} IS NULL`),
    index("chat_conversations_user_idx").on(t.user_guid, t.created_at),
    index("chat_conversations_session_idx").on(t.session_guid, t.created_at),
    index("chat_conversations_inbox_idx").on(t.status, t.assigned_staff_guid, t.last_message_at),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    guid: guid(),
    id: bigserial("id", { mode: "bigint" }).notNull(),
    conversation_guid: uuid("conversation_guid")
      .notNull()
      .references(() => chatConversations.guid),
    author: varchar("author", { length: 8, enum: ["player", "staff", "system"] }).notNull(),
    staff_guid: uuid("staff_guid").references(() => staffUsers.guid),
    body: text("body").notNull(),
    channel: varchar("channel", { length: 8, enum: ["chat", "email"] })
      .notNull()
      .default("chat"),
    sender_ip: varchar("sender_ip", { length: 64 }),
    created_at: createdAt(),
  },
  (t) => [
    index("chat_messages_conversation_idx").on(t.conversation_guid, t.id),
    index("chat_messages_sender_ip_idx")
      .on(t.sender_ip, t.created_at)
      .where(sql`${t.sender_ip} IS NOT NULL`),
  ],
);

export const chatCannedReplies = pgTable(
  "chat_canned_replies",
  {
    guid: guid(),
    title: varchar("title", { length: 80 }).notNull(),
    body: text("body").notNull(),
    created_by: uuid("created_by").references(() => staffUsers.guid),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("chat_canned_replies_title_uq").on(sql`lower(${t.title})`)],
);

export const chatStaffPresence = pgTable(
  "chat_staff_presence",
  {
    socket_id: varchar("socket_id", { length: 64 }).primaryKey(),
    staff_guid: uuid("staff_guid")
      .notNull()
      .references(() => staffUsers.guid),
    staff_session_guid: uuid("staff_session_guid")
      .notNull()
      .references(() => staffSessions.guid),
    last_seen_at: tstz("last_seen_at").notNull().defaultNow(),
  },
  (t) => [index("chat_staff_presence_seen_idx").on(t.last_seen_at)],
);
