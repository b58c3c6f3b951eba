import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { cancelCustomerBonus } from "./cancel-customer-bonus.ts";

export type BonusWithdrawalPolicy = "forfeit" | "refuse";

export const WITHDRAWAL_CONFIRM_FORFEIT_MESSAGE = "Withdrawing now cancels your active bonus and its winnings. Confirm to continue.";
export const WITHDRAWAL_REFUSED_MESSAGE = "You can withdraw once your active bonus is finished or cancelled.";

/**
 * A withdrawal from a wallet with an active bonus (BONUS_WITHDRAWAL_POLICY, ADR 031): refuse →
 * 409 until the bonus ends; forfeit → 409 unless the player confirmed (extra_data.forfeit_bonus),
 * then the bonus is cancelled (its money and winnings forfeited) before the cash is reserved, so
 * bonus winnings are never withdrawn as if they were cash.
 */
export async function applyWithdrawalBonusPolicy(
  db: Db,
  input: { playerGuid: string; walletGuid: string; amount: string; policy: BonusWithdrawalPolicy; forfeitBonus: boolean },
): Promise<{ forfeited: string | null }> {
  const rows = await queryRows<{ customer_bonus_guid: string | null; enough: boolean }>(
    db,
    sql`SELECT customer_bonus_guid, balance >= ${input.amount}::numeric AS enough
          FROM wallets WHERE guid = ${input.walletGuid}::uuid AND customer_guid = ${input.playerGuid}::uuid`,
  );
  const active = rows[0]?.customer_bonus_guid ?? null;
  if (!active) return { forfeited: null };
  if (input.policy === "refuse") throw new AppError("CONFLICT", WITHDRAWAL_REFUSED_MESSAGE);
  if (!input.forfeitBonus) throw new AppError("CONFLICT", WITHDRAWAL_CONFIRM_FORFEIT_MESSAGE);
  // Never forfeit a bonus for a withdrawal that cannot go through anyway (the reservation re-checks).
  if (!rows[0]?.enough) throw new AppError("NOT_ENOUGH_MONEY", "The amount is more than your withdrawable cash balance.");
  try {
    const cancelled = await cancelCustomerBonus(db, {
      playerGuid: input.playerGuid,
      customerBonusGuid: active,
      actor: "player",
      reason: "forfeited to withdraw",
    });
    return { forfeited: cancelled.forfeitedAmount };
  } catch (error) {
    // The bonus ended meanwhile (completed, expired): nothing is left to forfeit.
    if (error instanceof AppError && error.code === "CONFLICT") return { forfeited: null };
    throw error;
  }
}
