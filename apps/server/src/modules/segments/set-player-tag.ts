import { sql } from "drizzle-orm";
import { PLAYER_TAGS_MAX, type PlayerSegments } from "@croupier/contract/backoffice/segments";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { evaluatePlayerSegments } from "./evaluate-player-segments.ts";
import { loadPlayerSegments } from "./load-player-segments.ts";

/**
 * Sets (present true) or removes a staff tag on a player, audited, and re-evaluates the player's
 * rule segments in the same transaction (a tag rule may now match or stop matching).
 * Idempotent: setting a tag the player has, or removing one they lack, changes nothing.
 */
export async function setPlayerTag(
  db: Db,
  actor: AuditActor,
  input: { playerGuid: string; tag: string; present: boolean },
): Promise<PlayerSegments> {
  return db.transaction(async (tx) => {
    const [player] = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM users WHERE guid = ${input.playerGuid}::uuid FOR NO KEY UPDATE`,
    );
    if (!player) throw notFound("No such player.");
    let changed: boolean;
    if (input.present) {
      const [count] = await queryRows<{ n: number }>(
        tx,
        sql`SELECT count(*)::int AS n FROM player_tags WHERE user_guid = ${input.playerGuid}::uuid`,
      );
      if ((count?.n ?? 0) >= PLAYER_TAGS_MAX)
        throw new AppError("CONFLICT", `A player has at most ${PLAYER_TAGS_MAX} tags.`);
      const inserted = await queryRows<{ tag: string }>(
        tx,
        sql`INSERT INTO player_tags (user_guid, tag, created_by) VALUES (${input.playerGuid}::uuid, ${input.tag}, ${actor.staffId}::uuid)
            ON CONFLICT DO NOTHING RETURNING tag`,
      );
      changed = inserted.length > 0;
    } else {
      const deleted = await queryRows<{ tag: string }>(
        tx,
        sql`DELETE FROM player_tags WHERE user_guid = ${input.playerGuid}::uuid AND tag = ${input.tag} RETURNING tag`,
      );
      changed = deleted.length > 0;
    }
    if (changed) {
      const segments = await evaluatePlayerSegments(tx, input.playerGuid);
      await recordAudit(tx, actor, {
        action: input.present ? "player.tag_add" : "player.tag_remove",
        playerId: input.playerGuid,
        targetType: "player_tag",
        targetId: input.tag,
        details: segments.added.length + segments.removed.length > 0 ? { segments } : undefined,
      });
    }
    return loadPlayerSegments(tx, input.playerGuid);
  });
}
