CREATE TABLE "outbox_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid,
	"session_guid" uuid,
	"type" varchar(64) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "outbox_events_event_id_unique" UNIQUE("event_id")
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"user_guid" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dev_outbox" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(254) NOT NULL,
	"subject" varchar(200),
	"text" varchar(20000) NOT NULL,
	"html" varchar(50000),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"key" varchar(400) PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_states" (
	"state_hash" varchar(64) PRIMARY KEY NOT NULL,
	"provider" varchar(64) NOT NULL,
	"code_verifier" varchar(128) NOT NULL,
	"nonce" varchar(64) NOT NULL,
	"redirect_uri" varchar(500) NOT NULL,
	"currency_guid" uuid,
	"b_tag" varchar(200),
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(100) NOT NULL,
	"group_name" varchar(100) NOT NULL,
	"fetch_interval" integer DEFAULT 0 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid,
	"refresh_jti" uuid,
	"refresh_expires_at" timestamp with time zone NOT NULL,
	"ip" varchar(45),
	"user_agent" varchar(512),
	"device" varchar(16),
	"platform" varchar(64),
	"os_name" varchar(64),
	"os_version" varchar(32),
	"browser_name" varchar(64),
	"browser_version" varchar(32),
	"language" varchar(35),
	"time_zone" varchar(64),
	"window_size" varchar(20),
	"country" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"logged_in_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"finish_reason" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "signup_field_settings" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"field_name" varchar(64) NOT NULL,
	"is_displayed" boolean DEFAULT true NOT NULL,
	"is_required" boolean DEFAULT false NOT NULL,
	"can_be_fixed" boolean DEFAULT true NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_codes" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"phone" varchar(32) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_guid" uuid NOT NULL,
	"provider" varchar(64) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"email" varchar(254),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_segments" (
	"user_guid" uuid NOT NULL,
	"segment_guid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_segments_user_guid_segment_guid_pk" PRIMARY KEY("user_guid","segment_guid")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" varchar(255),
	"first_name" varchar(100),
	"last_name" varchar(100),
	"phone_code" varchar(8),
	"phone_number" varchar(20),
	"gender" varchar(16),
	"country_guid" uuid,
	"currency_guid" uuid,
	"post_code" varchar(20),
	"city" varchar(100),
	"address" varchar(200),
	"birthday" timestamp with time zone,
	"tin" varchar(40),
	"email_approved_at" timestamp with time zone,
	"opt_in_promo" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"status_reason" varchar(300),
	"is_verified" boolean DEFAULT false NOT NULL,
	"is_phone_verified" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"passwordless" boolean DEFAULT false NOT NULL,
	"login_type" varchar(16) DEFAULT 'password' NOT NULL,
	"pwa_installed" boolean DEFAULT false NOT NULL,
	"pwa_opened" boolean DEFAULT false NOT NULL,
	"default_currency_guid" uuid,
	"default_currency_pair_guid" uuid,
	"billing_segments" varchar(64)[] DEFAULT '{}'::varchar(64)[] NOT NULL,
	"b_tag" varchar(200),
	"promo_code" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_codes" ADD CONSTRAINT "sms_codes_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_segments" ADD CONSTRAINT "user_segments_user_guid_users_guid_fk" FOREIGN KEY ("user_guid") REFERENCES "public"."users"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_segments" ADD CONSTRAINT "user_segments_segment_guid_segments_guid_fk" FOREIGN KEY ("segment_guid") REFERENCES "public"."segments"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_country_guid_countries_guid_fk" FOREIGN KEY ("country_guid") REFERENCES "public"."countries"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_default_currency_guid_currencies_guid_fk" FOREIGN KEY ("default_currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_events_undelivered_idx" ON "outbox_events" USING btree ("id") WHERE "outbox_events"."delivered_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_uq" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_guid","purpose");--> statement-breakpoint
CREATE UNIQUE INDEX "segments_name_uq" ON "segments" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_guid","created_at");--> statement-breakpoint
CREATE INDEX "sessions_ip_idx" ON "sessions" USING btree ("ip");--> statement-breakpoint
CREATE UNIQUE INDEX "signup_field_settings_name_uq" ON "signup_field_settings" USING btree ("field_name");--> statement-breakpoint
CREATE INDEX "sms_codes_user_idx" ON "sms_codes" USING btree ("user_guid","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_provider_subject_uq" ON "user_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));