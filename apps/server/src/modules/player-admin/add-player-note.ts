import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { PlayerNote } from "@croupier/contract/backoffice/players";
import { notFound } from "../../lib/app-error.ts";
import type { StaffContext } from "../../lib/staff-auth.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

// The same note by the same staff member this soon after is a double submit, not a second note.
const DOUBLE_SUBMIT_SECONDS = 10;

/**
 * POST /players/:id/notes: appends a note (notes are never edited or deleted: a trigger refuses
 * it; a correction is a new note), audited in the same transaction. The same text sent again
 * within seconds answers the first note instead of adding another.
 */
export async function addPlayerNote(
  db: Db,
  staff: Pick<StaffContext, "staffId" | "email">,
  actor: AuditActor,
  input: { playerId: string; text: string },
): Promise<PlayerNote> {
  return db.transaction(async (tx) => {
    // The player's row serialises notes on them, so the double-click check below sees the first.
    const [player] = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM users WHERE guid = ${input.playerId} FOR UPDATE`,
    );
    if (!player) throw notFound("No player with this id.");
    const [repeat] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`
        SELECT id::text AS id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at
          FROM player_notes
         WHERE player_guid = ${input.playerId} AND staff_guid = ${staff.staffId} AND text = ${input.text}
           AND created_at > now() - make_interval(secs => ${DOUBLE_SUBMIT_SECONDS})
         ORDER BY id DESC LIMIT 1`,
    );
    if (repeat) return { id: repeat.id, text: input.text, author_email: staff.email, created_at: repeat.created_at };
    const [note] = await queryRows<{ id: string; created_at: string }>(
      tx,
      sql`
        INSERT INTO player_notes (player_guid, staff_guid, staff_email, text)
        VALUES (${input.playerId}, ${staff.staffId}, ${staff.email}, ${input.text})
        RETURNING id::text AS id, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at`,
    );
    await recordAudit(tx, actor, {
      action: "player.note_add",
      playerId: input.playerId,
      targetType: "player_note",
      targetId: note!.id,
      after: { note_id: note!.id, length: input.text.length },
    });
    return { id: note!.id, text: input.text, author_email: staff.email, created_at: note!.created_at };
  });
}
