CREATE TABLE "ledger_accounts" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" varchar(32) NOT NULL,
	"owner" varchar(128) NOT NULL,
	"currency_guid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_guid_currency_uq" UNIQUE("guid","currency_guid")
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" varchar(300) NOT NULL,
	"kind" varchar(32) NOT NULL,
	"currency_guid" uuid NOT NULL,
	"debit_account_guid" uuid NOT NULL,
	"credit_account_guid" uuid NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"round_ref" varchar(300),
	"game_transaction_guid" uuid,
	"payment_guid" uuid,
	"bonus_guid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transfers_amount_positive" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_distinct_accounts" CHECK ("ledger_transfers"."debit_account_guid" <> "ledger_transfers"."credit_account_guid")
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	"bonus_balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	"deferred_bonus_balance" numeric(38, 18) DEFAULT '0' NOT NULL,
	"wager" numeric(38, 18) DEFAULT '0' NOT NULL,
	"free_spin_count" integer DEFAULT 0 NOT NULL,
	"free_spin_total" integer DEFAULT 0 NOT NULL,
	"free_spin_bet" numeric(38, 18),
	"free_spin_win_amount" numeric(38, 18) DEFAULT '0' NOT NULL,
	"customer_bonus_guid" uuid,
	"customer_bonus_expire_date" timestamp with time zone,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"winnings_distribution_percent" numeric(5, 2),
	"bonus_threshold" numeric(38, 18),
	"project_bonus_tag" varchar(64),
	"deposit_defer" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"cash_account_guid" uuid NOT NULL,
	"bonus_account_guid" uuid NOT NULL,
	"deferred_bonus_account_guid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallets_balance_non_negative" CHECK ("wallets"."balance" >= 0),
	CONSTRAINT "wallets_bonus_balance_non_negative" CHECK ("wallets"."bonus_balance" >= 0),
	CONSTRAINT "wallets_deferred_bonus_balance_non_negative" CHECK ("wallets"."deferred_bonus_balance" >= 0),
	CONSTRAINT "wallets_wager_non_negative" CHECK ("wallets"."wager" >= 0),
	CONSTRAINT "wallets_free_spin_count_non_negative" CHECK ("wallets"."free_spin_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_rounds" (
	"provider_code" varchar(64) NOT NULL,
	"round_id" varchar(128) NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_rounds_pk" PRIMARY KEY("provider_code","round_id")
);
--> statement-breakpoint
CREATE TABLE "game_sessions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"provider_code" varchar(64) NOT NULL,
	"customer_guid" uuid NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"game_code" varchar(128) NOT NULL,
	"game_guid" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_transactions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "game_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_guid" uuid NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"provider_code" varchar(64) NOT NULL,
	"game_code" varchar(128) NOT NULL,
	"game_guid" uuid,
	"operation" varchar(16) NOT NULL,
	"bet_sum" numeric(38, 18) NOT NULL,
	"win" numeric(38, 18) NOT NULL,
	"bonus_bet" numeric(38, 18) DEFAULT '0' NOT NULL,
	"jackpot_win" numeric(38, 18) DEFAULT '0' NOT NULL,
	"balance_before" numeric(38, 18) NOT NULL,
	"balance_after" numeric(38, 18) NOT NULL,
	"session_id" uuid NOT NULL,
	"tradeid" varchar(128) NOT NULL,
	"betid" varchar(128) NOT NULL,
	"isbet" boolean NOT NULL,
	"finish" boolean DEFAULT false NOT NULL,
	"freespin" boolean DEFAULT false NOT NULL,
	"correlation_guid" uuid,
	"info" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_transactions_amounts_non_negative" CHECK ("game_transactions"."bet_sum" >= 0 AND "game_transactions"."win" >= 0)
);
--> statement-breakpoint
CREATE TABLE "provider_transactions" (
	"provider_code" varchar(64) NOT NULL,
	"transaction_uuid" varchar(128) NOT NULL,
	"method" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"fingerprint" varchar(1200) NOT NULL,
	"wallet_guid" uuid,
	"round_id" varchar(128),
	"reference_uuid" varchar(128),
	"amount" numeric(38, 18),
	"cash_amount" numeric(38, 18),
	"bonus_amount" numeric(38, 18),
	"wager_contribution" numeric(38, 18),
	"free_spin" boolean DEFAULT false NOT NULL,
	"game_transaction_guid" uuid,
	"balance_after" numeric(38, 18),
	"bonus_balance_after" numeric(38, 18),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_transactions_pk" PRIMARY KEY("provider_code","transaction_uuid")
);
--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_debit_account_fk" FOREIGN KEY ("debit_account_guid","currency_guid") REFERENCES "public"."ledger_accounts"("guid","currency_guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_credit_account_fk" FOREIGN KEY ("credit_account_guid","currency_guid") REFERENCES "public"."ledger_accounts"("guid","currency_guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_cash_account_guid_ledger_accounts_guid_fk" FOREIGN KEY ("cash_account_guid") REFERENCES "public"."ledger_accounts"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_bonus_account_guid_ledger_accounts_guid_fk" FOREIGN KEY ("bonus_account_guid") REFERENCES "public"."ledger_accounts"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallets" ADD CONSTRAINT "wallets_deferred_bonus_account_guid_ledger_accounts_guid_fk" FOREIGN KEY ("deferred_bonus_account_guid") REFERENCES "public"."ledger_accounts"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_wallet_guid_wallets_guid_fk" FOREIGN KEY ("wallet_guid") REFERENCES "public"."wallets"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_game_guid_games_guid_fk" FOREIGN KEY ("game_guid") REFERENCES "public"."games"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_owner_kind_currency_uq" ON "ledger_accounts" USING btree ("owner","kind","currency_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key_uq" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_transfers_payment_idx" ON "ledger_transfers" USING btree ("payment_guid") WHERE "ledger_transfers"."payment_guid" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "ledger_transfers_bonus_idx" ON "ledger_transfers" USING btree ("bonus_guid") WHERE "ledger_transfers"."bonus_guid" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_customer_currency_uq" ON "wallets" USING btree ("customer_guid","currency_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "wallets_one_active_per_customer_uq" ON "wallets" USING btree ("customer_guid") WHERE "wallets"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_token_hash_uq" ON "game_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "game_sessions_customer_idx" ON "game_sessions" USING btree ("customer_guid");--> statement-breakpoint
CREATE INDEX "game_transactions_user_created_idx" ON "game_transactions" USING btree ("user_guid","created_at" DESC NULLS LAST,"seq" DESC NULLS LAST);