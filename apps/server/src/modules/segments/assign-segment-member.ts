import { sql } from "drizzle-orm";
import type { SegmentMember } from "@croupier/contract/backoffice/segments";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { enqueueEvent } from "../realtime/enqueue-event.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { iso } from "./segment-sql.ts";

/**
 * Puts a player in a segment by hand (source 'manual', which no rule evaluation removes), audited;
 * a rule membership becomes manual. customer_segment_added goes out only when the player was not in
 * the segment before, in the same transaction, so their open tabs refetch methods and bonuses.
 */
export async function assignSegmentMember(
  db: Db,
  actor: AuditActor,
  segmentGuid: string,
  playerGuid: string,
): Promise<SegmentMember> {
  return db.transaction(async (tx) => {
    const [segment] = await queryRows<{ name: string }>(
      tx,
      sql`SELECT name FROM segments WHERE guid = ${segmentGuid}::uuid`,
    );
    if (!segment) throw notFound("No segment with this id.");
    const [player] = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM users WHERE guid = ${playerGuid}::uuid`,
    );
    if (!player) throw notFound("No such player.");
    // xmax = 0 tells an inserted row from an updated one (the same statement, no read-then-write race).
    const [row] = await queryRows<SegmentMember & { created_at: unknown; inserted: boolean; before: string | null }>(
      tx,
      sql`WITH prior AS (SELECT source FROM user_segments WHERE user_guid = ${playerGuid}::uuid AND segment_guid = ${segmentGuid}::uuid)
          INSERT INTO user_segments (user_guid, segment_guid, source) VALUES (${playerGuid}::uuid, ${segmentGuid}::uuid, 'manual')
          ON CONFLICT (user_guid, segment_guid) DO UPDATE SET source = 'manual'
          RETURNING user_guid AS player_guid, source, created_at, (xmax = 0) AS inserted, (SELECT source FROM prior) AS before`,
    );
    if (row!.inserted)
      await enqueueEvent(tx, {
        type: "customer_segment_added",
        payload: { segment_guid: segmentGuid, name: segment.name },
        userGuid: playerGuid,
      });
    await recordAudit(tx, actor, {
      action: "segment.member_add",
      playerId: playerGuid,
      targetType: "segment",
      targetId: segmentGuid,
      before: row!.before ? { source: row!.before } : null,
      after: { source: "manual" },
    });
    const [member] = await queryRows<SegmentMember>(
      tx,
      sql`SELECT u.guid AS player_guid, u.email, u.first_name, u.last_name FROM users u WHERE u.guid = ${playerGuid}::uuid`,
    );
    return { ...member!, source: "manual", created_at: iso(row!.created_at) };
  });
}
