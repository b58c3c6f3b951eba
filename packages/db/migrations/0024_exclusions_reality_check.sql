-- Issue #16, part B: the functions of exclusions (ADR 020) and the reality check (ADR 022).
-- A self-exclusion may have no end (period 'indefinite', PLAYER_PROTECTION 19); a time-out always has one.
ALTER TABLE "player_exclusions" DROP CONSTRAINT "player_exclusions_end_check";
--> statement-breakpoint
ALTER TABLE "player_exclusions" ADD CONSTRAINT "player_exclusions_end_check"
  CHECK ("kind" = 'operator' OR ("kind" = 'self_exclusion' AND "period" = 'indefinite') OR "ends_at" IS NOT NULL);
--> statement-breakpoint
-- The player's reality-check interval (NULL = the jurisdiction's default, 0 = off) and last answer.
CREATE TABLE "player_reality_checks" (
  "user_guid" uuid PRIMARY KEY NOT NULL REFERENCES "users"("guid"),
  "interval_minutes" integer,
  "acknowledged_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "player_reality_checks_interval_check"
    CHECK ("interval_minutes" IS NULL OR "interval_minutes" = 0 OR "interval_minutes" BETWEEN 5 AND 1440)
);
--> statement-breakpoint
-- One row: the jurisdiction's default, written by the server at start (reality-check-routes.ts).
CREATE TABLE "reality_check_config" (
  "id" boolean PRIMARY KEY DEFAULT true NOT NULL,
  "default_minutes" integer NOT NULL,
  "off_allowed" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reality_check_config_one_row" CHECK ("id")
);
--> statement-breakpoint
-- True while any exclusion of the player is in force (time-out, self-exclusion, operator
-- exclusion; ADR 020): not ended by staff, begun, and either indefinite or not yet past its end.
-- One definition for the bet gate (player_bet_blocked), the deposit refusal and marketing
-- consent (opt_in_promo AND NOT player_excluded(guid)).
CREATE OR REPLACE FUNCTION player_excluded(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM player_exclusions e
    WHERE e.user_guid = customer
      AND e.ended_at IS NULL
      AND e.starts_at <= now()
      AND (e.ends_at IS NULL OR e.ends_at > now())
  )
$$;
--> statement-breakpoint
-- True while a reality check is due and unanswered (issue #16, ADR 022): the player's newest live
-- login session has run for the interval since it started or since the last answer, whichever is
-- later. The interval is the player's choice (player_reality_checks.interval_minutes: NULL = never
-- chosen, 0 = off), else the jurisdiction's default (reality_check_config, written by the server at
-- start); off is ignored where the profile does not allow it (gb). No row, no config: off.
CREATE OR REPLACE FUNCTION player_reality_check_due(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT COALESCE((
    SELECT now() >= GREATEST(s.started_at, p.acknowledged_at) + make_interval(mins => p.minutes)
      FROM (SELECT COALESCE(x.logged_in_at, x.created_at) AS started_at
              FROM sessions x
             WHERE x.user_guid = customer AND x.finished_at IS NULL AND x.refresh_expires_at > now()
             ORDER BY 1 DESC
             LIMIT 1) s,
           (SELECT CASE WHEN r.interval_minutes IS NULL THEN COALESCE(c.default_minutes, 0)
                        WHEN r.interval_minutes = 0 AND NOT COALESCE(c.off_allowed, true) THEN COALESCE(c.default_minutes, 0)
                        ELSE r.interval_minutes END AS minutes,
                   r.acknowledged_at
              FROM (SELECT 1) one
              LEFT JOIN player_reality_checks r ON r.user_guid = customer
              LEFT JOIN reality_check_config c ON true) p
     WHERE p.minutes > 0
  ), false)
$$;
--> statement-breakpoint
-- The bet gates of the provider wallet (PLAYER_BLOCKED here, LIMIT_REACHED in
-- player_bet_limit_reached), as SQL functions so that the server's context read
-- (check-player-may-bet.ts) and the one-trip path (provider_wallet_fast_calls, ADR 008)
-- share one definition: the responsible-gaming module extends these, and both paths follow.
-- Wins and rollbacks never consult them.
-- A player is blocked when the operator locked the account, while any exclusion is in force
-- (player_excluded, ADR 020), and while a reality check is due and unanswered: the game pauses
-- on the server until the player answers it (player_reality_check_due, ADR 022).
CREATE OR REPLACE FUNCTION player_bet_blocked(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users u WHERE u.guid = customer AND u.status <> 'active')
    OR player_excluded(customer)
    OR player_reality_check_due(customer)
$$;
--> statement-breakpoint
-- Under gb a self-exclusion that has ended stays in place until the player asks to return, and the
-- account reopens one day after the request (ADR 020). Support records the request (audited).
ALTER TABLE "player_exclusions" ADD COLUMN "return_requested_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "player_exclusions" ADD COLUMN "return_requested_by_staff" uuid;
