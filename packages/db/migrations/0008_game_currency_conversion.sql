ALTER TABLE "game_sessions" ADD COLUMN "play_currency_guid" uuid;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "exchange_guid" uuid;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD COLUMN "exchange_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "exchange_balance_before" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "exchange_balance_after" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "exchange_bet_sum" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "exchange_win" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "exchange_guid" uuid;--> statement-breakpoint
ALTER TABLE "game_transactions" ADD COLUMN "exchange_price" numeric(38, 18);--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_play_currency_guid_currencies_guid_fk" FOREIGN KEY ("play_currency_guid") REFERENCES "public"."currencies"("guid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_conversion_complete" CHECK (("game_sessions"."play_currency_guid" IS NULL AND "game_sessions"."exchange_guid" IS NULL AND "game_sessions"."exchange_price" IS NULL)
          OR ("game_sessions"."play_currency_guid" IS NOT NULL AND "game_sessions"."exchange_guid" IS NOT NULL AND "game_sessions"."exchange_price" > 0));