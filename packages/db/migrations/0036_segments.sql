ALTER TABLE "segments" ADD COLUMN "rules" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "segments" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "user_segments" ADD COLUMN "source" varchar(8) DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_segments" ADD CONSTRAINT "user_segments_source" CHECK ("user_segments"."source" IN ('rule', 'manual'));--> statement-breakpoint
CREATE INDEX "user_segments_segment_idx" ON "user_segments" USING btree ("segment_guid","created_at","user_guid");--> statement-breakpoint
CREATE TABLE "player_tags" (
	"user_guid" uuid NOT NULL,
	"tag" varchar(40) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_tags_user_guid_tag_pk" PRIMARY KEY("user_guid","tag")
);--> statement-breakpoint
ALTER TABLE "player_tags" ADD CONSTRAINT "player_tags_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_tags" ADD CONSTRAINT "player_tags_created_by_staff_users_guid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_tags_tag_idx" ON "player_tags" USING btree ("tag","user_guid");--> statement-breakpoint
CREATE TABLE "segment_payment_segments" (
	"segment_guid" uuid PRIMARY KEY NOT NULL,
	"payment_segment_guid" uuid NOT NULL
);--> statement-breakpoint
ALTER TABLE "segment_payment_segments" ADD CONSTRAINT "segment_payment_segments_segment_guid_segments_guid_fk" FOREIGN KEY ("segment_guid") REFERENCES "public"."segments"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_payment_segments" ADD CONSTRAINT "segment_payment_segments_payment_segment_guid_payment_segments_guid_fk" FOREIGN KEY ("payment_segment_guid") REFERENCES "public"."payment_segments"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "segment_player_checks" (
	"user_guid" uuid PRIMARY KEY NOT NULL,
	"evaluated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_check_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "segment_player_checks" ADD CONSTRAINT "segment_player_checks_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "segment_player_checks_due_idx" ON "segment_player_checks" USING btree ("next_check_at") WHERE "segment_player_checks"."next_check_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "segment_sweep_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"rebuild_cursor" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "segment_sweep_state_one_row" CHECK ("segment_sweep_state"."id" = 1)
);--> statement-breakpoint
INSERT INTO "segment_sweep_state" ("id", "rebuild_cursor") VALUES (1, NULL) ON CONFLICT DO NOTHING;
