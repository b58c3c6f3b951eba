import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../../lib/app-error.ts";
import { endCustomerBonus } from "./end-customer-bonus.ts";

export type CancelCustomerBonusInput = {
  /** The player's own bonus (player calls); null for staff. */
  playerGuid: string | null;
  customerBonusGuid: string;
  actor: "player" | "staff";
  staffGuid?: string;
  reason?: string;
};

/**
 * PATCH /bonuses/cancel/{guid}, the console's cancel and the withdrawal's forfeit: ends an offered
 * or active bonus as cancelled in one transaction; the bonus money and its winnings are forfeited
 * (bonus pocket and deferred pocket → bonus_cost) and the free spins removed. Cash is never touched.
 */
export async function cancelCustomerBonus(
  db: Db,
  input: CancelCustomerBonusInput,
): Promise<{ customerBonusGuid: string; status: "cancelled"; forfeitedAmount: string }> {
  const result = await db.transaction((tx) =>
    endCustomerBonus(tx, {
      customerBonusGuid: input.customerBonusGuid,
      outcome: "cancelled",
      playerGuid: input.playerGuid,
      reason: input.reason ?? (input.actor === "player" ? "cancelled by the player" : "cancelled by staff"),
      staffGuid: input.actor === "staff" ? (input.staffGuid ?? null) : null,
    }),
  );
  if (result.status === "not_found") throw notFound("No such bonus.");
  if (result.status === "not_applicable") throw new AppError("CONFLICT", `This bonus is ${result.current} and can no longer be cancelled.`);
  return { customerBonusGuid: input.customerBonusGuid, status: "cancelled", forfeitedAmount: result.forfeitedAmount };
}
