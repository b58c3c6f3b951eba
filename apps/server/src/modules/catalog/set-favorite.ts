import type { DatabaseHandle } from "@croupier/db/create-database";
import { FAVORITE_GAME_NOT_FOUND, type FavoriteResult } from "@croupier/contract/entities/catalog";
import { AppError } from "../../lib/app-error.ts";

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
  const [game] = await database.query<{ guid: string }>(
    `SELECT g.guid FROM games g JOIN providers p ON p.guid = g.provider_guid
     WHERE g.external_guid = $1 AND p.is_enabled`,
    [externalGuid],
  );
  if (!game) throw new AppError("NOT_FOUND", FAVORITE_GAME_NOT_FOUND);
  if (favorite)
    await database.query(
      `INSERT INTO favorites (user_guid, game_guid) VALUES ($1, $2) ON CONFLICT DO NOTHING`,
      [userId, game.guid],
    );
  else await database.query(`DELETE FROM favorites WHERE user_guid = $1 AND game_guid = $2`, [userId, game.guid]);
  return { game_guid: externalGuid, is_favorite: favorite };
}
