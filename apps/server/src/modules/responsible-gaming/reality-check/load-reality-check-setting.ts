import { sql } from "drizzle-orm";
import { REALITY_CHECK_INTERVALS, type RealityCheckSetting } from "@croupier/contract/entities/reality-check";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import type { RealityCheckPolicy } from "./reality-check-policy.ts";

/**
 * The player's interval as the bet gate applies it: their choice, else the default; "off" chosen
 * under a profile that forbids it counts as the default (the same rule as player_reality_check_due).
 */
export async function loadRealityCheckSetting(
  executor: SqlExecutor,
  policy: RealityCheckPolicy,
  playerId: string,
): Promise<RealityCheckSetting & { acknowledged_at: string | null }> {
  const [row] = await queryRows<{ interval_minutes: number | null; acknowledged_at: string | null }>(
    executor,
    sql`SELECT interval_minutes, acknowledged_at::text AS acknowledged_at FROM player_reality_checks WHERE user_guid = ${playerId}`,
  );
  const chosen = row?.interval_minutes ?? null;
  const usesDefault = chosen === null || (chosen === 0 && !policy.may_turn_off);
  return {
    interval_minutes: usesDefault ? policy.default_minutes : chosen,
    is_default: usesDefault,
    default_minutes: policy.default_minutes,
    may_turn_off: policy.may_turn_off,
    choices: [...(policy.may_turn_off ? [0] : []), ...REALITY_CHECK_INTERVALS],
    acknowledged_at: row?.acknowledged_at ?? null,
  };
}
