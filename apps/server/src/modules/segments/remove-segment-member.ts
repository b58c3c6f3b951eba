import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { evaluatePlayerSegments } from "./evaluate-player-segments.ts";

/**
 * Takes a player out of a segment by hand, audited. Refused (409, nothing changed) while the
 * segment's rules match the player: the next evaluation would put them back, so staff change the
 * rules or the player's tags instead. The player's other rule segments are evaluated too.
 */
export async function removeSegmentMember(
  db: Db,
  actor: AuditActor,
  segmentGuid: string,
  playerGuid: string,
): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    const [segment] = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM segments WHERE guid = ${segmentGuid}::uuid`,
    );
    if (!segment) throw notFound("No segment with this id.");
    const [deleted] = await queryRows<{ source: string }>(
      tx,
      sql`DELETE FROM user_segments WHERE user_guid = ${playerGuid}::uuid AND segment_guid = ${segmentGuid}::uuid RETURNING source`,
    );
    if (!deleted) return { removed: false };
    const changes = await evaluatePlayerSegments(tx, playerGuid);
    // Throwing rolls the delete (and the evaluation's writes) back.
    if (changes.added.includes(segmentGuid))
      throw new AppError(
        "CONFLICT",
        "The segment's rules match this player; change the rules or the player's tags instead.",
      );
    await recordAudit(tx, actor, {
      action: "segment.member_remove",
      playerId: playerGuid,
      targetType: "segment",
      targetId: segmentGuid,
      before: { source: deleted.source },
    });
    return { removed: true };
  });
}
