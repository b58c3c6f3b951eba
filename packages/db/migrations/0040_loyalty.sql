CREATE TABLE "loyalty_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"threshold_usd" numeric(38, 18) NOT NULL,
	"coin_multiplier" numeric(8, 4) DEFAULT '1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_levels_level_range" CHECK ("loyalty_levels"."level" BETWEEN 1 AND 100),
	CONSTRAINT "loyalty_levels_threshold" CHECK ("loyalty_levels"."threshold_usd" >= 0),
	CONSTRAINT "loyalty_levels_multiplier" CHECK ("loyalty_levels"."coin_multiplier" > 0 AND "loyalty_levels"."coin_multiplier" <= 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_levels_threshold_uq" ON "loyalty_levels" USING btree ("threshold_usd");--> statement-breakpoint
CREATE TABLE "loyalty_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"active_speed_per_hour" numeric(20, 4) DEFAULT '10' NOT NULL,
	"passive_speed_per_hour" numeric(20, 4) DEFAULT '1' NOT NULL,
	"accrual_period_hours" numeric(10, 4) DEFAULT '1' NOT NULL,
	"activity_window_seconds" integer DEFAULT 300 NOT NULL,
	"mining_active_days" integer DEFAULT 30 NOT NULL,
	"levels_version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_settings_one_row" CHECK ("loyalty_settings"."id" = 1),
	CONSTRAINT "loyalty_settings_speeds" CHECK ("loyalty_settings"."active_speed_per_hour" >= 0 AND "loyalty_settings"."passive_speed_per_hour" >= 0),
	CONSTRAINT "loyalty_settings_period" CHECK ("loyalty_settings"."accrual_period_hours" >= 0.001 AND "loyalty_settings"."accrual_period_hours" <= 720),
	CONSTRAINT "loyalty_settings_window" CHECK ("loyalty_settings"."activity_window_seconds" BETWEEN 10 AND 86400),
	CONSTRAINT "loyalty_settings_days" CHECK ("loyalty_settings"."mining_active_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
INSERT INTO "loyalty_settings" ("id") VALUES (1);--> statement-breakpoint
CREATE TABLE "player_loyalty" (
	"customer_guid" uuid PRIMARY KEY NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"wagered_usd" numeric(38, 18) DEFAULT '0' NOT NULL,
	"last_played_at" timestamp with time zone,
	"level_changed_at" timestamp with time zone,
	"levels_version" integer DEFAULT 0 NOT NULL,
	"mined_until" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_loyalty_level" CHECK ("player_loyalty"."level" >= 0)
);
--> statement-breakpoint
ALTER TABLE "player_loyalty" ADD CONSTRAINT "player_loyalty_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_loyalty_mining_idx" ON "player_loyalty" USING btree ("last_played_at","mined_until");--> statement-breakpoint
CREATE INDEX "player_loyalty_levels_version_idx" ON "player_loyalty" USING btree ("levels_version");--> statement-breakpoint
CREATE TABLE "loyalty_activity_spans" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_guid" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loyalty_activity_spans_order" CHECK ("loyalty_activity_spans"."ended_at" > "loyalty_activity_spans"."started_at")
);
--> statement-breakpoint
ALTER TABLE "loyalty_activity_spans" ADD CONSTRAINT "loyalty_activity_spans_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_activity_spans_customer_idx" ON "loyalty_activity_spans" USING btree ("customer_guid","ended_at");--> statement-breakpoint
CREATE TABLE "coin_accounts" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(16) NOT NULL,
	"customer_guid" uuid,
	"balance" numeric(20, 4) DEFAULT '0' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_accounts_kind" CHECK ("coin_accounts"."kind" IN ('player', 'mint', 'exchange')),
	CONSTRAINT "coin_accounts_owner" CHECK (("coin_accounts"."kind" = 'player') = ("coin_accounts"."customer_guid" IS NOT NULL)),
	CONSTRAINT "coin_accounts_player_balance" CHECK ("coin_accounts"."kind" <> 'player' OR "coin_accounts"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "coin_accounts" ADD CONSTRAINT "coin_accounts_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_accounts_customer_uq" ON "coin_accounts" USING btree ("customer_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "coin_accounts_system_uq" ON "coin_accounts" USING btree ("kind") WHERE "coin_accounts"."customer_guid" IS NULL;--> statement-breakpoint
INSERT INTO "coin_accounts" ("kind") VALUES ('mint'), ('exchange');--> statement-breakpoint
CREATE TABLE "coin_transfers" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"debit_account_guid" uuid NOT NULL,
	"credit_account_guid" uuid NOT NULL,
	"amount" numeric(20, 4) NOT NULL,
	"customer_guid" uuid NOT NULL,
	"staff_guid" uuid,
	"reason" varchar(500),
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"active_seconds" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coin_transfers_amount" CHECK ("coin_transfers"."amount" > 0),
	CONSTRAINT "coin_transfers_kind" CHECK ("coin_transfers"."kind" IN ('mining', 'exchange', 'adjustment')),
	CONSTRAINT "coin_transfers_accounts" CHECK ("coin_transfers"."debit_account_guid" <> "coin_transfers"."credit_account_guid")
);
--> statement-breakpoint
ALTER TABLE "coin_transfers" ADD CONSTRAINT "coin_transfers_debit_account_guid_coin_accounts_guid_fk" FOREIGN KEY ("debit_account_guid") REFERENCES "public"."coin_accounts"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_transfers" ADD CONSTRAINT "coin_transfers_credit_account_guid_coin_accounts_guid_fk" FOREIGN KEY ("credit_account_guid") REFERENCES "public"."coin_accounts"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_transfers" ADD CONSTRAINT "coin_transfers_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_transfers_key_uq" ON "coin_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "coin_transfers_customer_idx" ON "coin_transfers" USING btree ("customer_guid","created_at");--> statement-breakpoint
-- Coin history is never rewritten: a correction is a reversing transfer (the money ledger's trigger function).
CREATE TRIGGER coin_transfers_immutable BEFORE UPDATE OR DELETE ON coin_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER coin_transfers_no_truncate BEFORE TRUNCATE ON coin_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TABLE "coin_exchanges" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_guid" uuid NOT NULL,
	"idempotency_key" varchar(64) NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"bonus_version_guid" uuid NOT NULL,
	"customer_bonus_guid" uuid NOT NULL,
	"coin_price" numeric(20, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coin_exchanges" ADD CONSTRAINT "coin_exchanges_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_exchanges" ADD CONSTRAINT "coin_exchanges_bonus_version_guid_bonus_campaign_versions_guid_fk" FOREIGN KEY ("bonus_version_guid") REFERENCES "public"."bonus_campaign_versions"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coin_exchanges" ADD CONSTRAINT "coin_exchanges_customer_bonus_guid_customer_bonuses_guid_fk" FOREIGN KEY ("customer_bonus_guid") REFERENCES "public"."customer_bonuses"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coin_exchanges_customer_key_uq" ON "coin_exchanges" USING btree ("customer_guid","idempotency_key");
