import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { StaffExclusion } from "@croupier/contract/entities/exclusions";
import { AppError, notFound } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../../staff/record-audit.ts";
import { listExclusions } from "./list-exclusions.ts";

/**
 * POST /players/:id/exclusions/:exclusion_id/return (back office, gb): the player asked support to
 * play again after a self-exclusion ended. Login reopens a day later (RETURN_COOLING_OFF_HOURS).
 * Only once per exclusion, only an ended self-exclusion; audited in the same transaction.
 */
export async function recordReturnRequest(
  db: Db,
  actor: AuditActor & { staffId: string },
  input: { playerId: string; exclusionId: string; note: string; required: boolean },
): Promise<StaffExclusion> {
  if (!input.required)
    throw new AppError("CONFLICT", "Under this jurisdiction login reopens by itself when a self-exclusion ends.");
  return db.transaction(async (tx) => {
    const [row] = await queryRows<{ kind: string; ended: boolean; requested: boolean }>(
      tx,
      sql`SELECT kind, (ends_at IS NOT NULL AND ends_at <= now()) AS ended, return_requested_at IS NOT NULL AS requested
            FROM player_exclusions WHERE guid = ${input.exclusionId} AND user_guid = ${input.playerId} FOR UPDATE`,
    );
    if (!row) throw notFound("No such exclusion for this player.");
    if (row.kind !== "self_exclusion")
      throw new AppError("CONFLICT", "Only a self-exclusion waits for a request to return.");
    if (!row.ended) throw new AppError("CONFLICT", "This self-exclusion has not ended yet.");
    if (row.requested) throw new AppError("CONFLICT", "The request to return is already recorded.");
    await tx.execute(
      sql`UPDATE player_exclusions SET return_requested_at = now(), return_requested_by_staff = ${actor.staffId}
           WHERE guid = ${input.exclusionId} AND return_requested_at IS NULL`,
    );
    await recordAudit(tx, actor, {
      action: "exclusion.return_request",
      playerId: input.playerId,
      targetType: "exclusion",
      targetId: input.exclusionId,
      details: { note: input.note },
    });
    const rows = await listExclusions(tx, input.playerId, { needsReturnRequest: true });
    return rows.find((r) => r.guid === input.exclusionId)!;
  });
}
