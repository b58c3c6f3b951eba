import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";
import { evaluatePlayerSegments } from "../segments/evaluate-player-segments.ts";

/** At most this many players per call (the caller's batch). */
export const LEVEL_BATCH_MAX = 1_000;

/**
 * Sets each listed player's level to the highest level whose threshold their USD volume reached (0
 * when none), in the caller's transaction, and stamps the levels version it was computed under. A
 * player whose level changed gets their segments re-evaluated (segment rules read the level) and a
 * loyalty_level_changed event. Returns how many levels changed.
 */
export async function applyPlayerLevels(tx: SqlExecutor, playerGuids: string[]): Promise<number> {
  if (playerGuids.length === 0) return 0;
  if (playerGuids.length > LEVEL_BATCH_MAX) throw new Error(`applyPlayerLevels: at most ${LEVEL_BATCH_MAX} players`);
  const ids = sql`${`{${playerGuids.join(",")}}`}::uuid[]`;
  const changed = await queryRows<{ customer_guid: string; level: number; previous_level: number; level_name: string | null }>(
    tx,
    sql`WITH settings AS (SELECT levels_version FROM loyalty_settings WHERE id = 1),
             computed AS (
               SELECT p.customer_guid, p.level AS previous_level, l.level, l.name
                 FROM player_loyalty p
                 LEFT JOIN LATERAL (SELECT ll.level, ll.name FROM loyalty_levels ll WHERE ll.threshold_usd <= p.wagered_usd
                                     ORDER BY ll.threshold_usd DESC LIMIT 1) l ON true
                WHERE p.customer_guid = ANY(${ids}))
        UPDATE player_loyalty p
           SET level = COALESCE(c.level, 0),
               level_changed_at = CASE WHEN p.level <> COALESCE(c.level, 0) THEN now() ELSE p.level_changed_at END,
               levels_version = COALESCE((SELECT levels_version FROM settings), 0),
               updated_at = now()
          FROM computed c
         WHERE p.customer_guid = c.customer_guid
        RETURNING p.customer_guid, p.level, c.previous_level, c.name AS level_name`,
  );
  let count = 0;
  for (const row of changed) {
    if (row.level === row.previous_level) continue;
    count += 1;
    await evaluatePlayerSegments(tx, row.customer_guid);
    await enqueueEvent(tx, {
      type: "loyalty_level_changed",
      userGuid: row.customer_guid,
      payload: { level: row.level, previous_level: row.previous_level, level_name: row.level_name },
    });
  }
  return count;
}
