-- Cashback runs and payouts (issue #18, ADR 035).
CREATE TABLE "cashback_runs" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"version_guid" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"status" varchar(16) DEFAULT 'counting' NOT NULL,
	"closed_by" varchar(16) NOT NULL,
	"staff_guid" uuid,
	"scan_created_at" timestamp with time zone,
	"scan_guid" uuid,
	"wallets_count" integer DEFAULT 0 NOT NULL,
	"paid_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_runs_period" CHECK ("cashback_runs"."period_end" > "cashback_runs"."period_start")
);--> statement-breakpoint
CREATE TABLE "cashback_payouts" (
	"run_guid" uuid NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"customer_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"staked" numeric(38, 18) DEFAULT '0' NOT NULL,
	"returned" numeric(38, 18) DEFAULT '0' NOT NULL,
	"amount" numeric(38, 18),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"customer_bonus_guid" uuid,
	"reason" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_payouts_run_guid_wallet_guid_pk" PRIMARY KEY("run_guid","wallet_guid"),
	CONSTRAINT "cashback_payouts_non_negative" CHECK ("cashback_payouts"."staked" >= 0 AND "cashback_payouts"."returned" >= 0 AND ("cashback_payouts"."amount" IS NULL OR "cashback_payouts"."amount" >= 0))
);--> statement-breakpoint
ALTER TABLE "cashback_runs" ADD CONSTRAINT "cashback_runs_bonus_guid_bonus_campaigns_bonus_guid_fk" FOREIGN KEY ("bonus_guid") REFERENCES "public"."bonus_campaigns"("bonus_guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_runs" ADD CONSTRAINT "cashback_runs_version_guid_bonus_campaign_versions_guid_fk" FOREIGN KEY ("version_guid") REFERENCES "public"."bonus_campaign_versions"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_run_guid_cashback_runs_guid_fk" FOREIGN KEY ("run_guid") REFERENCES "public"."cashback_runs"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_payouts" ADD CONSTRAINT "cashback_payouts_customer_bonus_guid_customer_bonuses_guid_fk" FOREIGN KEY ("customer_bonus_guid") REFERENCES "public"."customer_bonuses"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_runs_campaign_start_uq" ON "cashback_runs" USING btree ("bonus_guid","period_start");--> statement-breakpoint
CREATE INDEX "cashback_runs_campaign_end_idx" ON "cashback_runs" USING btree ("bonus_guid","period_end");--> statement-breakpoint
CREATE INDEX "cashback_runs_open_idx" ON "cashback_runs" USING btree ("status","created_at") WHERE "cashback_runs"."status" <> 'completed';--> statement-breakpoint
CREATE INDEX "cashback_payouts_run_status_idx" ON "cashback_payouts" USING btree ("run_guid","status");--> statement-breakpoint
CREATE INDEX "cashback_payouts_customer_idx" ON "cashback_payouts" USING btree ("customer_guid");
