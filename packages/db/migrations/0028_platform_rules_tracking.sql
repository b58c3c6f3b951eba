-- Platform rules and tracking (issue #19, ADR 028): per-path rules the server applies to page
-- navigations, the player's attribution (fid) kept from sign-up, and feature flags per segment.
CREATE TABLE "site_rules" (
  "guid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  -- A path prefix on segment boundaries: "/promo" matches /promo and /promo/x, not /promotions.
  "path_prefix" varchar(200) NOT NULL,
  "kind" varchar(20) NOT NULL,
  -- redirect: the new path ("/x") or an absolute http(s) address (external: a full page load).
  "target" varchar(500),
  -- maintenance: when the work is expected to end (the page counts down to it); NULL = unknown.
  "ends_at" timestamp with time zone,
  -- restrict: ISO 3166-1 alpha-2 codes refused on this path (on top of the project's allowed_countries).
  "countries" varchar(2)[] DEFAULT '{}'::varchar(2)[] NOT NULL,
  "enabled" boolean DEFAULT true NOT NULL,
  "note" varchar(200),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "site_rules_kind_check" CHECK ("kind" IN ('redirect', 'maintenance', 'restrict')),
  CONSTRAINT "site_rules_path_check" CHECK ("path_prefix" ~ '^/[^?#[:space:]]*$'),
  CONSTRAINT "site_rules_redirect_target_check" CHECK ("kind" <> 'redirect' OR "target" IS NOT NULL),
  CONSTRAINT "site_rules_restrict_countries_check" CHECK ("kind" <> 'restrict' OR cardinality("countries") > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "site_rules_path_kind_uq" ON "site_rules" USING btree ("path_prefix", "kind");
--> statement-breakpoint
-- The tracking id (fid, like btag) a player arrived with, kept at sign-up for attribution.
CREATE TABLE "player_attribution" (
  "user_guid" uuid PRIMARY KEY NOT NULL REFERENCES "users"("guid"),
  "fid" varchar(200),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A flag switched on or off for one segment; a matching row wins over FEATURE_FLAGS, and an
-- "off" row wins over an "on" row when a player is in both segments.
CREATE TABLE "feature_flag_segments" (
  "feature" varchar(40) NOT NULL,
  "segment_guid" uuid NOT NULL REFERENCES "segments"("guid"),
  "enabled" boolean NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "feature_flag_segments_pk" PRIMARY KEY ("feature", "segment_guid")
);
