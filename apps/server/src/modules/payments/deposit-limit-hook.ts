import type { SqlExecutor } from "../../lib/sql-executor.ts";

export type DepositLimitDecision = { allowed: true } | { allowed: false; reason: string };

/**
 * Responsible-gaming hook in the deposit path (PLAYER_PROTECTION 14, 19):
 * asked before every deposit is created and again before a crypto transfer is
 * credited. Deposit limits, time-outs and self-exclusion arrive with the
 * limits module, which replaces this body; until then it allows everything.
 * It must stay cheap and must never throw for an allowed deposit.
 */
export async function checkResponsibleGamingDepositLimits(
  _db: SqlExecutor,
  _input: { playerGuid: string; currencyGuid: string; amount: string },
): Promise<DepositLimitDecision> {
  return { allowed: true };
}
