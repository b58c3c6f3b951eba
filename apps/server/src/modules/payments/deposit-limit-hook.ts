import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { exclusionError } from "../identity/sessions/assert-login-allowed.ts";
import { findExclusionInForce } from "../responsible-gaming/exclusions/find-exclusion-in-force.ts";
import { checkDepositLimits } from "../responsible-gaming/limits/check-deposit-limits.ts";

export type DepositLimitDecision =
  | { allowed: true }
  /** PLAYER_BLOCKED for an exclusion in force, LIMIT_REACHED for a deposit limit: the codes bets answer with too. */
  | { allowed: false; code: "PLAYER_BLOCKED" | "LIMIT_REACHED"; reason: string };

/**
 * Responsible-gaming hook in the deposit path (PLAYER_PROTECTION 14, 19):
 * asked before every deposit is created and again before a crypto transfer is
 * credited. Exclusions (ADR 020) refuse any deposit; deposit limits (ADR 021)
 * refuse one above the lowest remaining room in its currency, naming it.
 * It must stay cheap and must never throw for an allowed deposit.
 */
export async function checkResponsibleGamingDepositLimits(
  db: SqlExecutor,
  input: { playerGuid: string; currencyGuid: string; amount: string },
): Promise<DepositLimitDecision> {
  // Exclusions first (part B, ADR 020): no deposit while a time-out or (self-)exclusion is in force.
  const excluded = await findExclusionInForce(db, input.playerGuid);
  if (excluded) return { allowed: false, code: "PLAYER_BLOCKED", reason: exclusionError(excluded.kind, excluded.ends_at).message };
  // Deposit limits (ADR 021): the lowest remaining room in the deposit's currency decides; the reason names it.
  const limits = await checkDepositLimits(db, input);
  if (!limits.allowed) return { allowed: false, code: "LIMIT_REACHED", reason: limits.reason };
  return { allowed: true };
}
