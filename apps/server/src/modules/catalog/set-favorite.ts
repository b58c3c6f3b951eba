import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { FAVORITE_GAME_NOT_FOUND, type FavoriteResult } from "@croupier/contract/entities/catalog";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";

/**
 * POST/DELETE /catalog/favorites: marks or unmarks a game (by its external
 * guid) for a player. Both are idempotent: adding twice or removing a game that
 * is not a favourite succeeds and leaves one state.
 */
export async function setFavorite(
  database: DatabaseHandle,
  userId: string,
  externalGuid: string,
  favorite: boolean,
): Promise<FavoriteResult> {
  const [game] = await queryRows<{ guid: string }>(
    database.db,
    sql`SELECT g.guid FROM games g JOIN providers p ON p.guid = g.provider_guid
     WHERE g.external_guid = ${externalGuid} AND p.is_enabled`,
  );
  if (!game) throw new AppError("NOT_FOUND", FAVORITE_GAME_NOT_FOUND);
  if (favorite)
    await database.db.execute(
      sql`INSERT INTO favorites (user_guid, game_guid) VALUES (${userId}, ${game.guid}) ON CONFLICT DO NOTHING`,
    );
  else await database.db.execute(sql`DELETE FROM favorites WHERE user_guid = ${userId} AND game_guid = ${game.guid}`);
  return { game_guid: externalGuid, is_favorite: favorite };
}
