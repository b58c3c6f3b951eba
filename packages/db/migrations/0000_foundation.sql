CREATE TABLE "countries" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_guid" varchar(64) NOT NULL,
	"iso2" varchar(2) NOT NULL,
	"iso3" varchar(3) NOT NULL,
	"country" varchar(120) NOT NULL,
	"country_full_name" varchar(200) NOT NULL,
	"country_code" varchar(120) NOT NULL,
	"continent_code" varchar(2) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_guid" varchar(64) NOT NULL,
	"code" varchar(16) NOT NULL,
	"name" varchar(80) NOT NULL,
	"custom_name" varchar(80),
	"symbol" varchar(8) NOT NULL,
	"icon" varchar(300),
	"type" varchar(8) NOT NULL,
	"decimals" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"registration" boolean DEFAULT true NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"min_bet_slot_real" numeric(38, 18) NOT NULL,
	"max_bet_slot_real" numeric(38, 18) NOT NULL,
	"min_bet_live_real" numeric(38, 18) NOT NULL,
	"max_bet_live_real" numeric(38, 18) NOT NULL,
	"max_bet_slot_bonus" numeric(38, 18) NOT NULL,
	"max_bet_live_bonus" numeric(38, 18) NOT NULL,
	"min_deposit" numeric(38, 18) NOT NULL,
	"max_deposit" numeric(38, 18) NOT NULL,
	"min_withdraw" numeric(38, 18) NOT NULL,
	"max_withdraw" numeric(38, 18) NOT NULL,
	"bonus_threshold" numeric(38, 18) NOT NULL,
	"countries" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currencies_decimals_range" CHECK ("currencies"."decimals" BETWEEN 0 AND 18)
);
--> statement-breakpoint
CREATE TABLE "currency_networks" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency_guid" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(80) NOT NULL,
	"requires_destination_tag" boolean DEFAULT false NOT NULL,
	"confirmations" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "currency_pairs" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_guid" varchar(64) NOT NULL,
	"base_guid" uuid NOT NULL,
	"quote_guid" uuid NOT NULL,
	"base_asset" varchar(16) NOT NULL,
	"quote_asset" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"type" varchar(16) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"external_id" varchar(64) NOT NULL,
	"code" varchar(8) NOT NULL,
	"name" varchar(80) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_settings" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"allowed_countries" varchar(2)[] DEFAULT '{}'::varchar(2)[] NOT NULL,
	"default_country_iso2" varchar(2) NOT NULL,
	"domains" varchar(253)[] DEFAULT '{}'::varchar(253)[] NOT NULL,
	"currency_convertion_policy" varchar(32) NOT NULL,
	"external_services" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(80) NOT NULL,
	"type" varchar(16) NOT NULL,
	"ordering" integer DEFAULT 0 NOT NULL,
	"tag_icon_url" varchar(300),
	"category_hex" varchar(7),
	"device_types" varchar(8)[] DEFAULT '{mobile,desktop}'::varchar(8)[] NOT NULL,
	"system_tags" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"show_as_category" boolean DEFAULT false NOT NULL,
	"show_as_label" boolean DEFAULT false NOT NULL,
	"show_in_bottom" boolean DEFAULT false NOT NULL,
	"show_in_top" boolean DEFAULT false NOT NULL,
	"show_in_collections" boolean DEFAULT false NOT NULL,
	"show_in_slots_section" boolean DEFAULT false NOT NULL,
	"show_in_live_section" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "currency_networks" ADD CONSTRAINT "currency_networks_currency_guid_currencies_guid_fk" FOREIGN KEY ("currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_pairs" ADD CONSTRAINT "currency_pairs_base_guid_currencies_guid_fk" FOREIGN KEY ("base_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "currency_pairs" ADD CONSTRAINT "currency_pairs_quote_guid_currencies_guid_fk" FOREIGN KEY ("quote_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso2_uq" ON "countries" USING btree ("iso2");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_iso3_uq" ON "countries" USING btree ("iso3");--> statement-breakpoint
CREATE UNIQUE INDEX "currencies_code_uq" ON "currencies" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_networks_currency_code_uq" ON "currency_networks" USING btree ("currency_guid","code");--> statement-breakpoint
CREATE UNIQUE INDEX "currency_pairs_base_quote_uq" ON "currency_pairs" USING btree ("base_guid","quote_guid");--> statement-breakpoint
CREATE UNIQUE INDEX "languages_code_uq" ON "languages" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_uq" ON "tags" USING btree ("name");