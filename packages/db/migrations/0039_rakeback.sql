-- Rakeback (issue #18, ADR 035): per-wallet accrual balances, one accrual per real-money bet (so its
-- rollback reverses exactly that), and claims paid once as cash or as a bonus.
CREATE TABLE "rakeback_balances" (
	"wallet_guid" uuid PRIMARY KEY NOT NULL,
	"customer_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"accrued" numeric(38, 18) DEFAULT '0' NOT NULL,
	"claimed" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bonus_guid" uuid,
	"last_accrual_at" timestamp with time zone,
	"last_claim_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rakeback_balances_claimed_non_negative" CHECK ("rakeback_balances"."claimed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rakeback_accruals" (
	"game_transaction_guid" uuid PRIMARY KEY NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"customer_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"version_guid" uuid NOT NULL,
	"game_class" varchar(8) NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"percent" numeric(5, 2) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"reversed_by" uuid,
	"reversed_at" timestamp with time zone,
	"bet_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rakeback_accruals_amounts" CHECK ("rakeback_accruals"."stake" > 0 AND "rakeback_accruals"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rakeback_claims" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"customer_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"payout" varchar(8) NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"version_guid" uuid NOT NULL,
	"ledger_transfer_guid" uuid,
	"customer_bonus_guid" uuid,
	"request_key" varchar(128),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rakeback_claims_amount_positive" CHECK ("rakeback_claims"."amount" > 0),
	CONSTRAINT "rakeback_claims_paid_once" CHECK (("rakeback_claims"."payout" = 'cash' AND "rakeback_claims"."ledger_transfer_guid" IS NOT NULL AND "rakeback_claims"."customer_bonus_guid" IS NULL)
          OR ("rakeback_claims"."payout" = 'bonus' AND "rakeback_claims"."customer_bonus_guid" IS NOT NULL AND "rakeback_claims"."ledger_transfer_guid" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "rakeback_balances" ADD CONSTRAINT "rakeback_balances_wallet_guid_wallets_guid_fk" FOREIGN KEY ("wallet_guid") REFERENCES "public"."wallets"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rakeback_claims" ADD CONSTRAINT "rakeback_claims_wallet_guid_wallets_guid_fk" FOREIGN KEY ("wallet_guid") REFERENCES "public"."wallets"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rakeback_balances_customer_idx" ON "rakeback_balances" USING btree ("customer_guid");--> statement-breakpoint
CREATE INDEX "rakeback_accruals_customer_idx" ON "rakeback_accruals" USING btree ("customer_guid","created_at");--> statement-breakpoint
CREATE INDEX "rakeback_accruals_bonus_idx" ON "rakeback_accruals" USING btree ("bonus_guid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rakeback_claims_request_key_uq" ON "rakeback_claims" USING btree ("customer_guid","request_key");--> statement-breakpoint
CREATE INDEX "rakeback_claims_customer_idx" ON "rakeback_claims" USING btree ("customer_guid","created_at");--> statement-breakpoint
CREATE INDEX "rakeback_claims_bonus_idx" ON "rakeback_claims" USING btree ("bonus_guid","created_at");
