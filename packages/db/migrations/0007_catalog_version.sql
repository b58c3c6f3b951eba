CREATE TABLE "catalog_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_version_single_row" CHECK ("catalog_version"."id")
);
--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (true, 1);
--> statement-breakpoint
-- BEFORE each statement, so a writer takes this row's lock before any catalogue
-- row lock: writers queue in one order and cannot deadlock on it.
CREATE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_version SET version = version + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER games_bump_catalog_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER providers_bump_catalog_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "providers"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER tags_bump_catalog_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tags"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER game_tags_bump_catalog_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_tags"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
-- Lobby pages carry currency codes and the project guid.
CREATE TRIGGER currencies_bump_catalog_version BEFORE INSERT OR UPDATE OF "code" OR DELETE OR TRUNCATE ON "currencies"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER project_settings_bump_catalog_version BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "project_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
-- Name search (ILIKE '%…%') by trigram index where the server has pg_trgm
-- (a trusted extension since PostgreSQL 13). PGlite loads it only on request:
-- there the search scans the games, and the migration must not fail.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX IF NOT EXISTS games_name_trgm_idx ON games USING gin (game_name gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm not available (%): game name search runs without a trigram index', SQLERRM;
END $$;
