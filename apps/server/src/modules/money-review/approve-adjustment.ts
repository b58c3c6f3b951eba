import type { Adjustment } from "@croupier/contract/backoffice/money-review";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { sql } from "drizzle-orm";
import { claimAdjustmentDecision } from "./adjustment-decision.ts";
import { findAdjustment } from "./adjustment-rows.ts";
import { applyAdjustmentMoney, operatorAdjustmentAccount } from "./apply-adjustment-money.ts";

/**
 * A second staff member approves a pending adjustment: the claim (never by the requester), the money and the
 * audit entry commit together, exactly once however many approvers click at the same moment (the row lock
 * of the claim, then the transfer's unique key adjustment:<id>). A debit the pocket can no longer cover is
 * NOT_ENOUGH_MONEY and the request stays pending.
 */
export async function approveAdjustment(
  db: Db,
  actor: AuditActor & { staffId: string; email: string },
  id: string,
): Promise<Adjustment> {
  const [row] = await queryRows<{ currency_guid: string }>(
    db,
    sql`SELECT currency_guid FROM adjustment_requests WHERE guid = ${id}::uuid`,
  );
  // Resolved outside the transaction (created on first use), so a cached guid never names a rolled-back row.
  const account = row ? await operatorAdjustmentAccount(db, row.currency_guid) : "";
  await db.transaction(async (tx) => {
    const claimed = await claimAdjustmentDecision(tx, {
      id,
      staffId: actor.staffId,
      staffEmail: actor.email,
      decision: "approve",
      reason: null,
    });
    const transferGuid = await applyAdjustmentMoney(tx, claimed, account);
    await recordAudit(tx, actor, {
      action: "adjustment.approve",
      playerId: claimed.player_guid,
      targetType: "adjustment",
      targetId: id,
      before: { status: "pending" },
      after: { status: "applied", transfer_guid: transferGuid },
      details: {
        amount: claimed.amount,
        currency: claimed.currency_code,
        pocket: claimed.pocket,
        direction: claimed.direction,
        requested_by: claimed.requested_by,
      },
    });
  });
  const adjustment = await findAdjustment(db, id);
  if (!adjustment) throw new Error(`adjustment ${id} vanished`);
  return adjustment;
}
