-- Issue #13 items 2, 3 and 5 (ADR 010). The slot pace is per player across sessions and games, claimed in
-- the statement that inserts the round; a demo session paces itself under "session:<id>".
CREATE TABLE "house"."slot_pace" (
	"pace_key" text PRIMARY KEY NOT NULL,
	"last_slot_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- The jurisdiction and the player arrive with each signed launch; nothing in the provider's own settings.
ALTER TABLE "house"."sessions" ADD COLUMN "jurisdiction" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "house"."sessions" ADD COLUMN "player_ref" text;--> statement-breakpoint
-- Only a hash of the platform's token is kept: the raw tokens are wiped before the column goes.
UPDATE "house"."sessions" SET "token" = NULL WHERE "token" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "house"."sessions" DROP COLUMN "token";--> statement-breakpoint
ALTER TABLE "house"."sessions" DROP COLUMN "last_slot_at";--> statement-breakpoint
-- Sessions opened before the signed launch know neither jurisdiction nor player: their keys stop working, so
-- an open tab reopens through a new launch (its rounds stay and recovery still settles them by session id).
UPDATE "house"."sessions" SET "key_hash" = 'retired:' || "id"::text;
