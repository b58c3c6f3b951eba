-- Time-outs, self-exclusions and operator exclusions (issue #16, ADR 020). Rows are never
-- deleted and never shortened: a player's own exclusion runs to its end; only an operator
-- exclusion can be ended early, by staff, which sets ended_at (audited).
CREATE TABLE "player_exclusions" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_guid" uuid NOT NULL REFERENCES "users"("guid"),
  "kind" varchar(16) NOT NULL,
  "period" varchar(16),
  "starts_at" timestamp with time zone DEFAULT now() NOT NULL,
  "ends_at" timestamp with time zone,
  "reason" varchar(500),
  "created_by_staff" uuid,
  "ended_at" timestamp with time zone,
  "ended_by_staff" uuid,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "player_exclusions_kind_check" CHECK ("kind" IN ('time_out', 'self_exclusion', 'operator')),
  CONSTRAINT "player_exclusions_end_check" CHECK ("kind" = 'operator' OR "ends_at" IS NOT NULL),
  CONSTRAINT "player_exclusions_early_end_check" CHECK ("ended_at" IS NULL OR "kind" = 'operator'),
  CONSTRAINT "player_exclusions_order_check" CHECK ("ends_at" IS NULL OR "ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE INDEX "player_exclusions_user_idx" ON "player_exclusions" USING btree ("user_guid", "ends_at");
--> statement-breakpoint
-- The bet gates of the provider wallet (PLAYER_BLOCKED here, LIMIT_REACHED in
-- player_bet_limit_reached), as SQL functions so that the server's context read
-- (check-player-may-bet.ts) and the one-trip path (provider_wallet_fast_calls, ADR 008)
-- share one definition: the responsible-gaming module extends these, and both paths follow.
-- Wins and rollbacks never consult them.
-- A player is blocked when the operator locked the account or while any exclusion is in
-- force (time-out, self-exclusion, operator exclusion; ADR 020): not ended by staff, begun,
-- and either indefinite or not yet past its end.
CREATE OR REPLACE FUNCTION player_bet_blocked(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users u WHERE u.guid = customer AND u.status <> 'active')
    OR EXISTS (
      SELECT 1 FROM player_exclusions e
      WHERE e.user_guid = customer
        AND e.ended_at IS NULL
        AND e.starts_at <= now()
        AND (e.ends_at IS NULL OR e.ends_at > now())
    )
$$;
