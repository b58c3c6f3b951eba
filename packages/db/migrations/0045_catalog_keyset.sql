-- Issue #20 target 3, ADR 043: the lobby lists are read once per catalogue version as the ordered guids of
-- a filter combination (apps/server/src/modules/catalog/list-games.ts). The three lobby-order indexes now
-- carry the columns those lists filter on (status, section, studio, devices), so a list is an index-only
-- scan already in lobby order: no heap visit per game and no sort of the names (a 10,000-game list measured
-- about half the time). Same names and key columns as before; Drizzle cannot express INCLUDE, so the schema
-- declares the keys and this file the rest (as game_transactions_limit_usage_idx in 0023 does).
DROP INDEX IF EXISTS "games_status_ordering_idx";
--> statement-breakpoint
CREATE INDEX "games_status_ordering_idx" ON "games" USING btree ("game_status","game_ordering","game_name","guid")
  INCLUDE ("provider_guid","system_tag_guid","can_desktop","can_mobile");
--> statement-breakpoint
DROP INDEX IF EXISTS "games_system_tag_ordering_idx";
--> statement-breakpoint
CREATE INDEX "games_system_tag_ordering_idx" ON "games" USING btree ("system_tag_guid","game_ordering","game_name","guid")
  INCLUDE ("game_status","provider_guid","can_desktop","can_mobile");
--> statement-breakpoint
DROP INDEX IF EXISTS "games_provider_ordering_idx";
--> statement-breakpoint
CREATE INDEX "games_provider_ordering_idx" ON "games" USING btree ("provider_guid","game_ordering","game_name","guid")
  INCLUDE ("game_status","system_tag_guid","can_desktop","can_mobile");
--> statement-breakpoint
-- A game's tags (project_tag_guids, the label) from the index alone.
DROP INDEX IF EXISTS "game_tags_game_idx";
--> statement-breakpoint
CREATE INDEX "game_tags_game_idx" ON "game_tags" USING btree ("game_guid") INCLUDE ("tag_guid");
