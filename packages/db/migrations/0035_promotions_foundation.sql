ALTER TABLE "bonus_campaign_versions" ADD COLUMN "cashback_period" varchar(8) DEFAULT 'weekly' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaign_versions" ADD COLUMN "rakeback_slots_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaign_versions" ADD COLUMN "rakeback_live_percent" numeric(5, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaign_versions" ADD COLUMN "rakeback_payout" varchar(8) DEFAULT 'cash' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaign_versions" ADD COLUMN "coin_price" numeric(20, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_campaign_versions" ADD CONSTRAINT "bonus_campaign_versions_rakeback_range" CHECK ("bonus_campaign_versions"."rakeback_slots_percent" BETWEEN 0 AND 100 AND "bonus_campaign_versions"."rakeback_live_percent" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "bonus_campaign_versions" ADD CONSTRAINT "bonus_campaign_versions_coin_price" CHECK ("bonus_campaign_versions"."coin_price" >= 0);--> statement-breakpoint
CREATE TABLE "scan_cursors" (
	"consumer" varchar(64) PRIMARY KEY NOT NULL,
	"last_created_at" timestamp with time zone,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "game_transactions_created_seq_idx" ON "game_transactions" USING btree ("created_at","seq");
