CREATE SCHEMA IF NOT EXISTS "house";
--> statement-breakpoint
CREATE TABLE "house"."live_bets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_round_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"bets" jsonb NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"win" numeric(38, 18),
	"status" text NOT NULL,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "house"."live_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"game_code" text NOT NULL,
	"round_number" integer NOT NULL,
	"phase" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"betting_opens_at" timestamp with time zone NOT NULL,
	"betting_closes_at" timestamp with time zone NOT NULL,
	"phase_ends_at" timestamp with time zone NOT NULL,
	"result" jsonb,
	CONSTRAINT "live_rounds_number" UNIQUE("game_code","round_number")
);
--> statement-breakpoint
CREATE TABLE "house"."live_seats" (
	"game_code" text NOT NULL,
	"session_id" uuid NOT NULL,
	"seat" integer NOT NULL,
	"nickname" text NOT NULL,
	"last_seen" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_seats_game_code_session_id_pk" PRIMARY KEY("game_code","session_id"),
	CONSTRAINT "live_seats_seat" UNIQUE("game_code","seat")
);
--> statement-breakpoint
CREATE TABLE "house"."rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"game_code" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"is_free_spin" boolean DEFAULT false NOT NULL,
	"stake" numeric(38, 18) NOT NULL,
	"win" numeric(38, 18),
	"balance_before" numeric(38, 18),
	"balance_after" numeric(38, 18),
	"params" jsonb NOT NULL,
	"draw" jsonb NOT NULL,
	"state" jsonb,
	"outcome" jsonb,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer NOT NULL,
	"client_request_id" text,
	"wallet" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "rounds_request" UNIQUE("session_id","client_request_id")
);
--> statement-breakpoint
CREATE TABLE "house"."sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key_hash" text NOT NULL,
	"mode" text NOT NULL,
	"game_code" text NOT NULL,
	"token_hash" text,
	"token" text,
	"currency" text NOT NULL,
	"decimals" integer NOT NULL,
	"demo_balance" numeric(38, 18),
	"server_seed" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"previous_server_seed" text,
	"previous_client_seed" text,
	"previous_nonce" integer,
	"last_slot_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_key_hash_unique" UNIQUE("key_hash"),
	CONSTRAINT "sessions_token_game" UNIQUE("token_hash","game_code")
);
--> statement-breakpoint
CREATE INDEX "live_bets_round" ON "house"."live_bets" USING btree ("live_round_id");--> statement-breakpoint
CREATE INDEX "rounds_session_created" ON "house"."rounds" USING btree ("session_id","created_at");--> statement-breakpoint
CREATE INDEX "rounds_status" ON "house"."rounds" USING btree ("status");