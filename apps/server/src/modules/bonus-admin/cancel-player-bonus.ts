import type { StaffCancelInput, StaffCancelResult } from "@croupier/contract/backoffice/bonuses";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { endCustomerBonus } from "../bonuses/engine/end-customer-bonus.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

/**
 * Staff cancel of one player's offered or active bonus: the engine ends it as cancelled (bonus
 * money and its winnings forfeited, free spins removed, cash untouched) in the same transaction as
 * the audit row, so there is never a cancel without its record. The bonus must be this player's.
 * (The engine's cancelCustomerBonus opens its own transaction; its in-transaction core is used here.)
 */
export async function cancelPlayerBonus(
  db: Db,
  actor: AuditActor,
  playerGuid: string,
  customerBonusGuid: string,
  input: StaffCancelInput,
): Promise<StaffCancelResult> {
  return db.transaction(async (tx) => {
    const result = await endCustomerBonus(tx, {
      customerBonusGuid,
      outcome: "cancelled",
      playerGuid,
      reason: input.reason,
      staffGuid: actor.staffId,
    });
    if (result.status === "not_found") throw notFound("This player has no such bonus.");
    if (result.status === "not_applicable")
      throw new AppError("CONFLICT", `This bonus is ${result.current} and can no longer be cancelled.`);
    await recordAudit(tx, actor, {
      action: "bonus.cancel",
      playerId: playerGuid,
      targetType: "customer_bonus",
      targetId: customerBonusGuid,
      after: { status: "cancelled", forfeited_amount: result.forfeitedAmount },
      details: { reason: input.reason },
    });
    return { customer_bonus_guid: customerBonusGuid, status: "cancelled", forfeited_amount: result.forfeitedAmount };
  });
}
