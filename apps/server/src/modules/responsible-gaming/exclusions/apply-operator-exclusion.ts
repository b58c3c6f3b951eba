import type { Db } from "@croupier/db/create-database";
import type { Exclusion, OperatorExclusionBody } from "@croupier/contract/entities/exclusions";
import { recordAudit, type AuditActor } from "../../staff/record-audit.ts";
import { createExclusion } from "./create-exclusion.ts";

/**
 * POST /players/:id/exclusions (back office): an operator exclusion with a reason, until a date or
 * further notice. The same rules as the player's own (only extends; every session ends at once),
 * with the audit row in the same transaction.
 */
export async function applyOperatorExclusion(
  db: Db,
  actor: AuditActor & { staffId: string },
  playerId: string,
  body: OperatorExclusionBody,
): Promise<Exclusion> {
  return db.transaction(async (tx) => {
    const row = await createExclusion(tx, playerId, {
      kind: "operator",
      endsAt: body.ends_at,
      staffId: actor.staffId,
      reason: body.reason,
    });
    await recordAudit(tx, actor, {
      action: "exclusion.apply",
      playerId,
      targetType: "exclusion",
      targetId: row.guid,
      after: { kind: "operator", ends_at: row.ends_at, reason: body.reason },
    });
    return { ...row, active: true };
  });
}
