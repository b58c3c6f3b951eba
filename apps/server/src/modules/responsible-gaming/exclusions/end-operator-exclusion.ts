import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { StaffExclusion } from "@croupier/contract/entities/exclusions";
import { AppError, notFound } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../../staff/record-audit.ts";
import { listExclusions } from "./list-exclusions.ts";

/**
 * POST /players/:id/exclusions/:exclusion_id/end (back office): ends an operator exclusion early.
 * Only operator exclusions in force: a player's own time-out or self-exclusion runs to its end
 * (the table's CHECK refuses it whatever the code does). One guarded UPDATE, so a double click
 * ends it once; audited in the same transaction.
 */
export async function endOperatorExclusion(
  db: Db,
  actor: AuditActor & { staffId: string },
  input: { playerId: string; exclusionId: string; reason: string },
): Promise<StaffExclusion> {
  return db.transaction(async (tx) => {
    const [current] = await queryRows<{ kind: string; active: boolean; ends_at: string | null }>(
      tx,
      sql`
        SELECT kind, ends_at::text AS ends_at,
               (ended_at IS NULL AND starts_at <= now() AND (ends_at IS NULL OR ends_at > now())) AS active
          FROM player_exclusions
         WHERE guid = ${input.exclusionId} AND user_guid = ${input.playerId}
         FOR UPDATE`,
    );
    if (!current) throw notFound("No such exclusion for this player.");
    if (current.kind !== "operator")
      throw new AppError("CONFLICT", "A player's own time-out or self-exclusion cannot be ended early.");
    if (!current.active) throw new AppError("CONFLICT", "This exclusion is no longer in force.");
    await tx.execute(
      sql`UPDATE player_exclusions SET ended_at = now(), ended_by_staff = ${actor.staffId}
           WHERE guid = ${input.exclusionId} AND ended_at IS NULL`,
    );
    await recordAudit(tx, actor, {
      action: "exclusion.end",
      playerId: input.playerId,
      targetType: "exclusion",
      targetId: input.exclusionId,
      before: { kind: current.kind, ends_at: current.ends_at, active: true },
      after: { active: false },
      details: { reason: input.reason },
    });
    const rows = await listExclusions(tx, input.playerId, { needsReturnRequest: false });
    return rows.find((r) => r.guid === input.exclusionId)!;
  });
}
