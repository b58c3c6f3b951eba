CREATE TABLE "promo_codes" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(120) NOT NULL,
	"conditions" text DEFAULT '' NOT NULL,
	"email" varchar(254),
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"multiple_use" boolean DEFAULT false NOT NULL,
	"multiple_use_count" integer DEFAULT 0 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"segment_guids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"country_codes" varchar(2)[] DEFAULT '{}'::varchar[] NOT NULL,
	"batch_guid" uuid,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK ("promo_codes"."code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
	CONSTRAINT "promo_codes_use_count" CHECK ("promo_codes"."multiple_use_count" >= 0 AND "promo_codes"."used_count" >= 0),
	CONSTRAINT "promo_codes_used_within_limit" CHECK (CASE WHEN "promo_codes"."multiple_use" THEN "promo_codes"."multiple_use_count" = 0 OR "promo_codes"."used_count" <= "promo_codes"."multiple_use_count" ELSE "promo_codes"."used_count" <= 1 END),
	CONSTRAINT "promo_codes_dates" CHECK ("promo_codes"."start_date" IS NULL OR "promo_codes"."end_date" IS NULL OR "promo_codes"."start_date" < "promo_codes"."end_date")
);
--> statement-breakpoint
CREATE TABLE "customer_promo_codes" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_guid" uuid NOT NULL,
	"promo_code_guid" uuid NOT NULL,
	"bonus_guid" uuid NOT NULL,
	"promo_code_version_guid" uuid NOT NULL,
	"multiple_use" boolean NOT NULL,
	"multiple_use_count" integer NOT NULL,
	"status" varchar(16) NOT NULL,
	"customer_bonus_guid" uuid,
	"payment_guid" uuid,
	"activated_by" varchar(16) NOT NULL,
	"activated_by_guid" uuid NOT NULL,
	"activated_at" timestamp with time zone,
	"last_activated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_bonus_guid_bonus_campaigns_bonus_guid_fk" FOREIGN KEY ("bonus_guid") REFERENCES "public"."bonus_campaigns"("bonus_guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_promo_codes" ADD CONSTRAINT "customer_promo_codes_customer_guid_users_guid_fk" FOREIGN KEY ("customer_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_promo_codes" ADD CONSTRAINT "customer_promo_codes_promo_code_guid_promo_codes_guid_fk" FOREIGN KEY ("promo_code_guid") REFERENCES "public"."promo_codes"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_uq" ON "promo_codes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "promo_codes_bonus_idx" ON "promo_codes" USING btree ("bonus_guid","created_at");--> statement-breakpoint
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" USING btree ("batch_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_promo_codes_customer_code_uq" ON "customer_promo_codes" USING btree ("customer_guid","promo_code_guid");--> statement-breakpoint
CREATE INDEX "customer_promo_codes_customer_idx" ON "customer_promo_codes" USING btree ("customer_guid","created_at");--> statement-breakpoint
CREATE INDEX "customer_promo_codes_code_idx" ON "customer_promo_codes" USING btree ("promo_code_guid","created_at");--> statement-breakpoint
CREATE INDEX "customer_promo_codes_pending_idx" ON "customer_promo_codes" USING btree ("customer_guid") WHERE "customer_promo_codes"."status" = 'pending';
