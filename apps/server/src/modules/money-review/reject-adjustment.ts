import type { Adjustment } from "@croupier/contract/backoffice/money-review";
import type { Db } from "@croupier/db/create-database";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { claimAdjustmentDecision } from "./adjustment-decision.ts";
import { findAdjustment } from "./adjustment-rows.ts";

/** Rejects a pending adjustment with a reason (the requester may withdraw their own); no money moves. Audited. */
export async function rejectAdjustment(
  db: Db,
  actor: AuditActor & { staffId: string; email: string },
  input: { id: string; reason: string },
): Promise<Adjustment> {
  await db.transaction(async (tx) => {
    const claimed = await claimAdjustmentDecision(tx, {
      id: input.id,
      staffId: actor.staffId,
      staffEmail: actor.email,
      decision: "reject",
      reason: input.reason,
    });
    await recordAudit(tx, actor, {
      action: "adjustment.reject",
      playerId: claimed.player_guid,
      targetType: "adjustment",
      targetId: input.id,
      before: { status: "pending" },
      after: { status: "rejected" },
      details: { reason: input.reason, amount: claimed.amount, currency: claimed.currency_code },
    });
  });
  const adjustment = await findAdjustment(db, input.id);
  if (!adjustment) throw new Error(`adjustment ${input.id} vanished`);
  return adjustment;
}
