CREATE TABLE "crypto_deposit_addresses" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_guid" uuid NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"payment_system_guid" uuid NOT NULL,
	"network" varchar(32) NOT NULL,
	"address" varchar(128) NOT NULL,
	"destination_tag" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_cards" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_guid" uuid NOT NULL,
	"payment_system_guid" uuid NOT NULL,
	"provider_token" varchar(128) NOT NULL,
	"bin" varchar(8) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"brand" varchar(16),
	"card_holder" varchar(100) NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_cards_bin_digits" CHECK ("payment_cards"."bin" ~ '^[0-9]{6,8}$'),
	CONSTRAINT "payment_cards_last4_digits" CHECK ("payment_cards"."last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "payment_idempotency_keys" (
	"customer_guid" uuid NOT NULL,
	"key" varchar(128) NOT NULL,
	"scope" varchar(64) NOT NULL,
	"request_hash" varchar(64) NOT NULL,
	"payment_guid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_idempotency_keys_customer_guid_key_pk" PRIMARY KEY("customer_guid","key")
);
--> statement-breakpoint
CREATE TABLE "payment_logs" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_guid" uuid NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"comment" varchar(500),
	"reason" varchar(200),
	"executor" varchar(16) NOT NULL,
	"changed_by" varchar(128),
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_method_currencies" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_method_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"direction" varchar(16) NOT NULL,
	"min_amount" numeric(38, 18),
	"max_amount" numeric(38, 18),
	"quick_amounts" varchar(40)[] DEFAULT '{}'::varchar(40)[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"icon" varchar(300),
	"icon_mobile" varchar(300),
	"payment_system_guid" uuid NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"deposit_enabled" boolean DEFAULT true NOT NULL,
	"withdrawal_enabled" boolean DEFAULT true NOT NULL,
	"deposit_comment" varchar(300),
	"withdrawal_comment" varchar(300),
	"deposit_required_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"withdrawal_required_params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deposit_response_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"withdrawal_response_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_segment_methods" (
	"segment_guid" uuid NOT NULL,
	"payment_method_guid" uuid NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payment_segment_methods_segment_guid_payment_method_guid_pk" PRIMARY KEY("segment_guid","payment_method_guid")
);
--> statement-breakpoint
CREATE TABLE "payment_segments" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"default_for_countries" varchar(2)[] DEFAULT '{}'::varchar(2)[] NOT NULL,
	"is_fallback" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_systems" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(64) NOT NULL,
	"adapter" varchar(32) NOT NULL,
	"kind" varchar(16) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"project_enabled" boolean DEFAULT true NOT NULL,
	"psp_deposit" boolean DEFAULT true NOT NULL,
	"psp_withdrawal" boolean DEFAULT true NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_webhook_events" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"adapter" varchar(32) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"event_type" varchar(64) NOT NULL,
	"payment_guid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"id" bigserial NOT NULL,
	"customer_guid" uuid NOT NULL,
	"wallet_guid" uuid NOT NULL,
	"currency_guid" uuid NOT NULL,
	"payment_system_guid" uuid NOT NULL,
	"payment_method_guid" uuid,
	"transaction_type" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"fee" numeric(38, 18) DEFAULT '0' NOT NULL,
	"number" integer,
	"external_id" varchar(128),
	"psp_transaction_hash" varchar(200),
	"network" varchar(32),
	"external_account" varchar(200),
	"destination_tag" varchar(32),
	"card_guid" uuid,
	"redirect_url" varchar(2000),
	"return_url" varchar(2000),
	"declined_url" varchar(2000),
	"balance_before" numeric(38, 18),
	"balance_after" numeric(38, 18),
	"payout_submitted_at" timestamp with time zone,
	"is_test" boolean DEFAULT false NOT NULL,
	"trusted" boolean DEFAULT false NOT NULL,
	"external_provider_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_cards" (
	"token" varchar(64) PRIMARY KEY NOT NULL,
	"bin" varchar(8) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"brand" varchar(16) NOT NULL,
	"behaviour" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_checkouts" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_reference" varchar(128) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency_code" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"card_token" varchar(64),
	"challenge_code_hash" varchar(64),
	"challenge_attempts" integer DEFAULT 0 NOT NULL,
	"card_to_save" jsonb,
	"return_url" varchar(2000) NOT NULL,
	"declined_url" varchar(2000) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_psp_checkouts_merchant_reference_unique" UNIQUE("merchant_reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payouts" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_reference" varchar(128) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"currency_code" varchar(16) NOT NULL,
	"destination" varchar(200) NOT NULL,
	"status" varchar(16) NOT NULL,
	"settle_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_psp_payouts_merchant_reference_unique" UNIQUE("merchant_reference")
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_transfers" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tx_hash" varchar(128) NOT NULL,
	"address" varchar(128) NOT NULL,
	"destination_tag" varchar(32),
	"currency_code" varchar(16) NOT NULL,
	"network" varchar(32) NOT NULL,
	"amount" numeric(38, 18) NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"required_confirmations" integer NOT NULL,
	"last_block_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_psp_transfers_tx_hash_unique" UNIQUE("tx_hash")
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_webhooks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" varchar(64) NOT NULL,
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_psp_webhooks_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
ALTER TABLE "crypto_deposit_addresses" ADD CONSTRAINT "crypto_deposit_addresses_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposit_addresses" ADD CONSTRAINT "crypto_deposit_addresses_wallet_guid_wallets_guid_fk" FOREIGN KEY ("wallet_guid") REFERENCES "public"."wallets"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposit_addresses" ADD CONSTRAINT "crypto_deposit_addresses_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_deposit_addresses" ADD CONSTRAINT "crypto_deposit_addresses_payment_system_guid_payment_systems_guid_fk" FOREIGN KEY ("payment_system_guid") REFERENCES "public"."payment_systems"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cards" ADD CONSTRAINT "payment_cards_payment_system_guid_payment_systems_guid_fk" FOREIGN KEY ("payment_system_guid") REFERENCES "public"."payment_systems"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_idempotency_keys" ADD CONSTRAINT "payment_idempotency_keys_payment_guid_payments_guid_fk" FOREIGN KEY ("payment_guid") REFERENCES "public"."payments"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_logs" ADD CONSTRAINT "payment_logs_payment_guid_payments_guid_fk" FOREIGN KEY ("payment_guid") REFERENCES "public"."payments"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_currencies" ADD CONSTRAINT "payment_method_currencies_payment_method_guid_payment_methods_guid_fk" FOREIGN KEY ("payment_method_guid") REFERENCES "public"."payment_methods"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_method_currencies" ADD CONSTRAINT "payment_method_currencies_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_payment_system_guid_payment_systems_guid_fk" FOREIGN KEY ("payment_system_guid") REFERENCES "public"."payment_systems"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_segment_methods" ADD CONSTRAINT "payment_segment_methods_segment_guid_payment_segments_guid_fk" FOREIGN KEY ("segment_guid") REFERENCES "public"."payment_segments"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_segment_methods" ADD CONSTRAINT "payment_segment_methods_payment_method_guid_payment_methods_guid_fk" FOREIGN KEY ("payment_method_guid") REFERENCES "public"."payment_methods"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_wallet_guid_wallets_guid_fk" FOREIGN KEY ("wallet_guid") REFERENCES "public"."wallets"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_system_guid_payment_systems_guid_fk" FOREIGN KEY ("payment_system_guid") REFERENCES "public"."payment_systems"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_guid_payment_methods_guid_fk" FOREIGN KEY ("payment_method_guid") REFERENCES "public"."payment_methods"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_guid_payment_cards_guid_fk" FOREIGN KEY ("card_guid") REFERENCES "public"."payment_cards"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposit_addresses_wallet_uq" ON "crypto_deposit_addresses" USING btree ("wallet_guid","payment_system_guid","network");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposit_addresses_address_uq" ON "crypto_deposit_addresses" USING btree ("payment_system_guid","network","address",coalesce("destination_tag", ''));--> statement-breakpoint
CREATE INDEX "payment_cards_customer_idx" ON "payment_cards" USING btree ("customer_guid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_cards_token_uq" ON "payment_cards" USING btree ("payment_system_guid","provider_token");--> statement-breakpoint
CREATE INDEX "payment_logs_payment_idx" ON "payment_logs" USING btree ("payment_guid","changed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_method_currencies_uq" ON "payment_method_currencies" USING btree ("payment_method_guid","currency_guid","direction");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_code_uq" ON "payment_methods" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_segments_code_uq" ON "payment_segments" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_segments_one_fallback_uq" ON "payment_segments" USING btree ("is_fallback") WHERE "payment_segments"."is_fallback";--> statement-breakpoint
CREATE UNIQUE INDEX "payment_systems_name_uq" ON "payment_systems" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_webhook_events_uq" ON "payment_webhook_events" USING btree ("adapter","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_id_uq" ON "payments" USING btree ("id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_external_uq" ON "payments" USING btree ("payment_system_guid","external_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_guid","created_at");--> statement-breakpoint
CREATE INDEX "payments_unsent_payouts_idx" ON "payments" USING btree ("created_at") WHERE "payments"."transaction_type" = 'withdrawal' AND "payments"."status" = 'pending' AND "payments"."payout_submitted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "sandbox_psp_webhooks_due_idx" ON "sandbox_psp_webhooks" USING btree ("next_attempt_at") WHERE "sandbox_psp_webhooks"."delivered_at" IS NULL AND "sandbox_psp_webhooks"."failed_at" IS NULL;