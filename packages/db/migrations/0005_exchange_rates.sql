CREATE TABLE "exchange_rates" (
	"guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"currency_pair_guid" uuid NOT NULL,
	"price" numeric(38, 18) NOT NULL,
	"source" varchar(120) NOT NULL,
	"quoted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_price_positive" CHECK ("exchange_rates"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_currency_pair_guid_currency_pairs_guid_fk" FOREIGN KEY ("currency_pair_guid") REFERENCES "public"."currency_pairs"("guid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_pair_uq" ON "exchange_rates" USING btree ("currency_pair_guid");