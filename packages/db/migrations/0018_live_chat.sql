-- Live chat (issue #15, capability 5): one conversation per player (or visitor session) at a time,
-- its messages, the staff's canned replies and which staff members are online to answer.
CREATE TABLE "chat_conversations" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_guid" uuid REFERENCES "users"("guid"),
  -- A visitor's conversation belongs to their anonymous session; a player's to the player.
  "session_guid" uuid REFERENCES "sessions"("guid"),
  "status" varchar(8) DEFAULT 'open' NOT NULL,
  "assigned_staff_guid" uuid REFERENCES "staff_users"("guid"),
  "last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
  "last_message_preview" varchar(140),
  "player_unread" integer DEFAULT 0 NOT NULL,
  "staff_unread" integer DEFAULT 0 NOT NULL,
  -- Left while no staff member was online: the address to answer by email.
  "offline_email" varchar(254),
  "offline_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "chat_conversations_owner_ck" CHECK ("user_guid" IS NOT NULL OR "session_guid" IS NOT NULL),
  CONSTRAINT "chat_conversations_status_ck" CHECK ("status" IN ('open', 'closed')),
  CONSTRAINT "chat_conversations_unread_ck" CHECK ("player_unread" >= 0 AND "staff_unread" >= 0)
);
--> statement-breakpoint
-- At most one open conversation per player and per visitor session: a second send joins the first.
CREATE UNIQUE INDEX "chat_conversations_open_user_uq" ON "chat_conversations" USING btree ("user_guid")
  WHERE "status" = 'open' AND "user_guid" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_conversations_open_visitor_uq" ON "chat_conversations" USING btree ("session_guid")
  WHERE "status" = 'open' AND "user_guid" IS NULL;
--> statement-breakpoint
CREATE INDEX "chat_conversations_user_idx" ON "chat_conversations" USING btree ("user_guid", "created_at");
--> statement-breakpoint
CREATE INDEX "chat_conversations_session_idx" ON "chat_conversations" USING btree ("session_guid", "created_at");
--> statement-breakpoint
CREATE INDEX "chat_conversations_inbox_idx" ON "chat_conversations" USING btree ("status", "assigned_staff_guid", "last_message_at");
--> statement-breakpoint
CREATE TABLE "chat_messages" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "id" bigserial NOT NULL,
  "conversation_guid" uuid NOT NULL REFERENCES "chat_conversations"("guid"),
  "author" varchar(8) NOT NULL,
  "staff_guid" uuid REFERENCES "staff_users"("guid"),
  "body" text NOT NULL,
  -- 'chat', or 'email' for a staff answer sent by email to an offline message.
  "channel" varchar(8) DEFAULT 'chat' NOT NULL,
  -- The sender's address (player side only), for the per-address rate limit.
  "sender_ip" varchar(64),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chat_messages_author_ck" CHECK ("author" IN ('player', 'staff', 'system')),
  CONSTRAINT "chat_messages_channel_ck" CHECK ("channel" IN ('chat', 'email')),
  CONSTRAINT "chat_messages_staff_ck" CHECK (("author" = 'staff') = ("staff_guid" IS NOT NULL)),
  CONSTRAINT "chat_messages_body_ck" CHECK (char_length("body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_guid", "id");
--> statement-breakpoint
CREATE INDEX "chat_messages_sender_ip_idx" ON "chat_messages" USING btree ("sender_ip", "created_at") WHERE "sender_ip" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "chat_canned_replies" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "title" varchar(80) NOT NULL,
  "body" text NOT NULL,
  "created_by" uuid REFERENCES "staff_users"("guid"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "chat_canned_replies_body_ck" CHECK (char_length("body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chat_canned_replies_title_uq" ON "chat_canned_replies" USING btree (lower("title"));
--> statement-breakpoint
-- One row per connected staff socket that may answer, refreshed by its process's heartbeat: "someone is
-- online" holds across processes, and a crashed process's rows simply go stale.
CREATE TABLE "chat_staff_presence" (
  "socket_id" varchar(64) PRIMARY KEY NOT NULL,
  "staff_guid" uuid NOT NULL REFERENCES "staff_users"("guid"),
  "staff_session_guid" uuid NOT NULL REFERENCES "staff_sessions"("guid"),
  "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "chat_staff_presence_seen_idx" ON "chat_staff_presence" USING btree ("last_seen_at");
