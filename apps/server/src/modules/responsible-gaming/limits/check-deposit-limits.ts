import { sql } from "drizzle-orm";
import { formatAmount, isZeroAmount } from "@croupier/contract/money";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

export type DepositLimitsDecision = { allowed: true } | { allowed: false; reason: string; remaining: string };

const PERIOD_NAMES = { day: "daily", week: "weekly", month: "monthly" } as const;

/**
 * Whether a deposit fits the player's deposit limits in its currency (ADR 021): the limit with the
 * lowest remaining room decides (PLAYER_PROTECTION 14). Usage is player_limit_used, the rule the
 * player's page shows; the refusal names that room so the player knows what they may still deposit.
 */
export async function checkDepositLimits(
  executor: SqlExecutor,
  input: { playerGuid: string; currencyGuid: string; amount: string },
): Promise<DepositLimitsDecision> {
  const [tightest] = await queryRows<{
    period: keyof typeof PERIOD_NAMES;
    amount: string;
    remaining: string;
    exceeds: boolean;
    code: string;
    decimals: number;
  }>(
    executor,
    sql`SELECT l.period, trim_scale(l.amount)::text AS amount, trim_scale(r.remaining)::text AS remaining,
               ${input.amount}::numeric > r.remaining AS exceeds, c.code, c.decimals
          FROM player_limits l
          JOIN currencies c ON c.guid = l.currency_guid
          CROSS JOIN LATERAL (SELECT GREATEST(l.amount - player_limit_used('deposit', l.period, l.user_guid, l.currency_guid), 0)
                                     AS remaining) r
         WHERE l.user_guid = ${input.playerGuid}::uuid AND l.currency_guid = ${input.currencyGuid}::uuid AND l.kind = 'deposit'
         ORDER BY r.remaining, l.amount
         LIMIT 1`,
  );
  if (!tightest?.exceeds) return { allowed: true };
  const limit = `${PERIOD_NAMES[tightest.period]} deposit limit of ${formatAmount(tightest.amount, tightest.decimals)} ${tightest.code}`;
  const reason =
    isZeroAmount(tightest.remaining)
      ? `This deposit would exceed your ${limit}: you have reached it, so you can deposit 0 ${tightest.code} more for now.`
      : `This deposit would exceed your ${limit}: you can deposit at most ${formatAmount(tightest.remaining, tightest.decimals)} ${tightest.code} more for now.`;
  return { allowed: false, reason, remaining: tightest.remaining };
}
