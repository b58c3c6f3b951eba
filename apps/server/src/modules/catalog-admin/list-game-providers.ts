import { sql } from "drizzle-orm";
import type { AdminGameProvider } from "@croupier/contract/backoffice/catalog-admin";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/**
 * GET /catalog/game-providers: the game providers (integrations) the catalogue's games run on, with
 * whether it is switched on, how many games it has, how many are active and how many players can
 * see. Providers themselves are configuration (PROVIDERS, PROVIDER_HOUSE_SECRET), not rows: the
 * switch acts on their games (update-game-provider.ts).
 */
export async function listGameProviders(executor: SqlExecutor): Promise<AdminGameProvider[]> {
  return queryRows<AdminGameProvider>(
    executor,
    sql`SELECT g.game_provider AS code, count(*) FILTER (WHERE g.status_before_provider_off IS NOT NULL) = 0 AS enabled,
               count(*)::int AS games,
               count(*) FILTER (WHERE g.game_status = 'active')::int AS active_games,
               count(*) FILTER (WHERE g.game_status = 'active' AND p.is_enabled)::int AS visible_games
          FROM games g JOIN providers p ON p.guid = g.provider_guid
         GROUP BY g.game_provider
         ORDER BY g.game_provider
         LIMIT 500`,
  );
}
