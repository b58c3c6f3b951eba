CREATE TABLE "favorites" (
	"user_guid" uuid NOT NULL,
	"game_guid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favorites_user_guid_game_guid_pk" PRIMARY KEY("user_guid","game_guid")
);
--> statement-breakpoint
CREATE TABLE "game_tags" (
	"game_guid" uuid NOT NULL,
	"tag_guid" uuid NOT NULL,
	CONSTRAINT "game_tags_tag_guid_game_guid_pk" PRIMARY KEY("tag_guid","game_guid")
);
--> statement-breakpoint
CREATE TABLE "games" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_guid" varchar(128) NOT NULL,
	"provider_guid" uuid NOT NULL,
	"game_provider" varchar(32) NOT NULL,
	"system_tag_guid" uuid NOT NULL,
	"game_name" varchar(120) NOT NULL,
	"game_icon" varchar(300),
	"game_background_image" varchar(300),
	"game_ordering" integer DEFAULT 0 NOT NULL,
	"game_status" varchar(16) DEFAULT 'active' NOT NULL,
	"can_desktop" boolean DEFAULT true NOT NULL,
	"can_mobile" boolean DEFAULT true NOT NULL,
	"can_demo" boolean DEFAULT false NOT NULL,
	"can_freespins" boolean DEFAULT false NOT NULL,
	"can_jackpot" boolean DEFAULT false NOT NULL,
	"fee_group_guid" uuid,
	"bonus_wage" numeric(7, 2) DEFAULT '100' NOT NULL,
	"bonus_play_allowed" boolean DEFAULT true NOT NULL,
	"currency_guids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_bonus_wage_range" CHECK ("games"."bonus_wage" >= 0 AND "games"."bonus_wage" <= 100)
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_guid" varchar(128) NOT NULL,
	"name" varchar(80) NOT NULL,
	"icon" varchar(300),
	"ordering" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_game_guid_games_guid_fk" FOREIGN KEY ("game_guid") REFERENCES "public"."games"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_tags" ADD CONSTRAINT "game_tags_game_guid_games_guid_fk" FOREIGN KEY ("game_guid") REFERENCES "public"."games"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_tags" ADD CONSTRAINT "game_tags_tag_guid_tags_guid_fk" FOREIGN KEY ("tag_guid") REFERENCES "public"."tags"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_provider_guid_providers_guid_fk" FOREIGN KEY ("provider_guid") REFERENCES "public"."providers"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_system_tag_guid_tags_guid_fk" FOREIGN KEY ("system_tag_guid") REFERENCES "public"."tags"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "favorites_game_idx" ON "favorites" USING btree ("game_guid");--> statement-breakpoint
CREATE INDEX "game_tags_game_idx" ON "game_tags" USING btree ("game_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "games_external_guid_uq" ON "games" USING btree ("external_guid");--> statement-breakpoint
CREATE INDEX "games_status_ordering_idx" ON "games" USING btree ("game_status","game_ordering","game_name","guid");--> statement-breakpoint
CREATE INDEX "games_provider_ordering_idx" ON "games" USING btree ("provider_guid","game_ordering","game_name","guid");--> statement-breakpoint
CREATE INDEX "games_system_tag_ordering_idx" ON "games" USING btree ("system_tag_guid","game_ordering","game_name","guid");--> statement-breakpoint
CREATE INDEX "games_currency_guids_gin" ON "games" USING gin ("currency_guids");--> statement-breakpoint
CREATE INDEX "games_created_at_idx" ON "games" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "games_updated_at_idx" ON "games" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_external_guid_uq" ON "providers" USING btree ("external_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "providers_name_uq" ON "providers" USING btree ("name");