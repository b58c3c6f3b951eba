-- Issue #20 target 1, ADR 041: the outbox is delivered without an UPDATE per event. The dispatcher keeps
-- one cursor row (the highest id handed to the fan-out, plus the ids below it that were not committed yet
-- when it passed them); rows leave the table in bulk once older than the retention (pruneOutboxEvents).
-- An insert now writes the heap row and its primary key only: the partial index on undelivered rows and
-- delivered_at go.
CREATE TABLE "outbox_cursor" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"head" bigint DEFAULT 0 NOT NULL,
	"gaps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outbox_cursor_one_row" CHECK ("outbox_cursor"."id" = 1),
	CONSTRAINT "outbox_cursor_head" CHECK ("outbox_cursor"."head" >= 0),
	CONSTRAINT "outbox_cursor_gaps" CHECK (jsonb_typeof("outbox_cursor"."gaps") = 'array')
);
--> statement-breakpoint
-- Start after every row delivered so far; rows still undelivered (a dispatcher was holding them) are
-- past the head, so they go out as before. A delivered row above the lowest undelivered one goes out
-- once more (at least once, as a crash mid-batch always could).
INSERT INTO "outbox_cursor" ("id", "head")
SELECT 1, COALESCE((SELECT min("id") - 1 FROM "outbox_events" WHERE "delivered_at" IS NULL),
                   (SELECT max("id") FROM "outbox_events"), 0);
--> statement-breakpoint
DROP INDEX IF EXISTS "outbox_events_undelivered_idx";
--> statement-breakpoint
ALTER TABLE "outbox_events" DROP COLUMN "delivered_at";
