CREATE TABLE "bonus_campaign_currencies" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"version_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"min_deposit_sum" numeric(38, 18) DEFAULT '0' NOT NULL,
	"max_bonus_sum" numeric(38, 18) DEFAULT '0' NOT NULL,
	"max_cashout" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bonus_threshold" numeric(38, 18) DEFAULT '0' NOT NULL,
	"free_spins_count" integer DEFAULT 0 NOT NULL,
	"free_spin_bet" numeric(38, 18) DEFAULT '0' NOT NULL,
	"cashback_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "bonus_campaign_currencies_non_negative" CHECK ("bonus_campaign_currencies"."min_deposit_sum" >= 0 AND "bonus_campaign_currencies"."max_bonus_sum" >= 0 AND "bonus_campaign_currencies"."max_cashout" >= 0 AND "bonus_campaign_currencies"."bonus_threshold" >= 0
          AND "bonus_campaign_currencies"."free_spins_count" >= 0 AND "bonus_campaign_currencies"."free_spin_bet" >= 0 AND "bonus_campaign_currencies"."cashback_percent" >= 0 AND "bonus_campaign_currencies"."cashback_percent" <= 100)
);
--> statement-breakpoint
CREATE TABLE "bonus_campaign_versions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"version" integer NOT NULL,
	"bonus_name" varchar(120) NOT NULL,
	"bonus_trigger" varchar(16) NOT NULL,
	"bonus_type" varchar(16) NOT NULL,
	"deposit_number" integer,
	"bonus_percent" numeric(7, 2) DEFAULT '0' NOT NULL,
	"bonus_wager" numeric(7, 2) DEFAULT '0' NOT NULL,
	"wagering_expiration_time" integer NOT NULL,
	"activation_expiration_time" integer NOT NULL,
	"winnings_distribution_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"auto_activation" boolean DEFAULT false NOT NULL,
	"auto_activation_time" integer DEFAULT 0 NOT NULL,
	"project_tag_guid" uuid,
	"is_cumulative" boolean DEFAULT false NOT NULL,
	"deposit_defer" boolean DEFAULT false NOT NULL,
	"product" varchar(8) DEFAULT 'any' NOT NULL,
	"game_guids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"icon" varchar(500),
	"background_image" varchar(500),
	"description" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"segment_guids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"label_guids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_campaign_versions_percent_range" CHECK ("bonus_campaign_versions"."bonus_percent" >= 0 AND "bonus_campaign_versions"."bonus_percent" <= 1000),
	CONSTRAINT "bonus_campaign_versions_wager_range" CHECK ("bonus_campaign_versions"."bonus_wager" >= 0 AND "bonus_campaign_versions"."bonus_wager" <= 200),
	CONSTRAINT "bonus_campaign_versions_distribution_range" CHECK ("bonus_campaign_versions"."winnings_distribution_percent" >= 0 AND "bonus_campaign_versions"."winnings_distribution_percent" <= 100),
	CONSTRAINT "bonus_campaign_versions_times_positive" CHECK ("bonus_campaign_versions"."wagering_expiration_time" > 0 AND "bonus_campaign_versions"."activation_expiration_time" > 0),
	CONSTRAINT "bonus_campaign_versions_deposit_number" CHECK ("bonus_campaign_versions"."deposit_number" IS NULL OR "bonus_campaign_versions"."deposit_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "bonus_campaigns" (
	"bonus_guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"current_version_guid" uuid,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_claim_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"claim" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"value_hash" varchar(64) NOT NULL,
	"customer_guid" uuid NOT NULL,
	"customer_bonus_guid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_labels" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(60) NOT NULL,
	"icon" varchar(500),
	"background_color" varchar(32),
	"styles" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_bonuses" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_guid" uuid NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"bonus_version_guid" uuid NOT NULL,
	"bonus_trigger" varchar(16) NOT NULL,
	"bonus_type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'offered' NOT NULL,
	"source_key" varchar(200) NOT NULL,
	"payment_guid" uuid,
	"wager_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bonus_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"wagering_expiration_time" integer NOT NULL,
	"wagering_expiration_date" timestamp with time zone,
	"activation_expiration_date" timestamp with time zone,
	"auto_activate_at" timestamp with time zone,
	"win_sum" numeric(38, 18) DEFAULT '0' NOT NULL,
	"max_cashout" numeric(38, 18) DEFAULT '0' NOT NULL,
	"winnings_distribution_percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"bonus_threshold" numeric(38, 18) DEFAULT '0' NOT NULL,
	"free_spin_count" integer DEFAULT 0 NOT NULL,
	"free_spin_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"spins_settled" boolean DEFAULT false NOT NULL,
	"auto_enabled" boolean DEFAULT false NOT NULL,
	"deferred" boolean DEFAULT false NOT NULL,
	"converted_amount" numeric(38, 18),
	"forfeited_amount" numeric(38, 18),
	"comment" varchar(500),
	"granted_by" uuid,
	"activated_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_bonuses_amounts_non_negative" CHECK ("customer_bonuses"."wager_amount" >= 0 AND "customer_bonuses"."bonus_amount" >= 0 AND "customer_bonuses"."win_sum" >= 0 AND "customer_bonuses"."max_cashout" >= 0 AND "customer_bonuses"."free_spin_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_bonus_choices" (
	"payment_guid" uuid PRIMARY KEY NOT NULL,
	"bonus_guid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bonus_campaign_currencies" ADD CONSTRAINT "bonus_campaign_currencies_version_guid_bonus_campaign_versions_guid_fk" FOREIGN KEY ("version_guid") REFERENCES "public"."bonus_campaign_versions"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_campaign_currencies" ADD CONSTRAINT "bonus_campaign_currencies_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_campaign_versions" ADD CONSTRAINT "bonus_campaign_versions_bonus_guid_bonus_campaigns_bonus_guid_fk" FOREIGN KEY ("bonus_guid") REFERENCES "public"."bonus_campaigns"("bonus_guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD CONSTRAINT "customer_bonuses_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD CONSTRAINT "customer_bonuses_wallet_guid_wallets_guid_fk" FOREIGN KEY ("wallet_guid") REFERENCES "public"."wallets"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD CONSTRAINT "customer_bonuses_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD CONSTRAINT "customer_bonuses_bonus_guid_bonus_campaigns_bonus_guid_fk" FOREIGN KEY ("bonus_guid") REFERENCES "public"."bonus_campaigns"("bonus_guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD CONSTRAINT "customer_bonuses_bonus_version_guid_bonus_campaign_versions_guid_fk" FOREIGN KEY ("bonus_version_guid") REFERENCES "public"."bonus_campaign_versions"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_campaign_currencies_version_currency_uq" ON "bonus_campaign_currencies" USING btree ("version_guid","currency_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_campaign_versions_bonus_version_uq" ON "bonus_campaign_versions" USING btree ("bonus_guid","version");--> statement-breakpoint
CREATE INDEX "bonus_campaigns_status_idx" ON "bonus_campaigns" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_claim_identities_uq" ON "bonus_claim_identities" USING btree ("claim","kind","value_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_bonuses_source_key_uq" ON "customer_bonuses" USING btree ("source_key");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_bonuses_one_active_per_wallet_uq" ON "customer_bonuses" USING btree ("wallet_guid") WHERE "customer_bonuses"."status" = 'active';--> statement-breakpoint
CREATE INDEX "customer_bonuses_customer_idx" ON "customer_bonuses" USING btree ("customer_guid","created_at");--> statement-breakpoint
CREATE INDEX "customer_bonuses_open_idx" ON "customer_bonuses" USING btree ("status","wagering_expiration_date") WHERE "customer_bonuses"."status" IN ('offered', 'active');