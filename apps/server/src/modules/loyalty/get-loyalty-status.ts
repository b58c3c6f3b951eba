import { sql } from "drizzle-orm";
import type { LoyaltyStatus } from "@croupier/contract/entities/loyalty";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { listLoyaltyLevels } from "./list-loyalty-levels.ts";

/**
 * GET /loyalty/status: the player's level (as the loyalty job last computed it), USD volume, the next
 * level and the progress towards it (from this level's threshold to the next one's).
 */
export async function getLoyaltyStatus(db: SqlExecutor, playerGuid: string): Promise<LoyaltyStatus> {
  const levels = await listLoyaltyLevels(db);
  const [row] = await queryRows<{ level: number; wagered_usd: string }>(
    db,
    sql`SELECT level, trim_scale(round(wagered_usd, 2))::text AS wagered_usd FROM player_loyalty WHERE customer_guid = ${playerGuid}::uuid`,
  );
  const level = row?.level ?? 0;
  const wagered = row?.wagered_usd ?? "0";
  const current = levels.find((l) => l.level === level) ?? null;
  const currentThreshold = current ? Number(current.threshold_usd) : 0;
  // No level yet: the next one is the lowest (reached by the first stake when its threshold is 0).
  const next = current ? (levels.find((l) => Number(l.threshold_usd) > currentThreshold) ?? null) : (levels[0] ?? null);
  // Display only: a whole percent from two thresholds (money itself is never computed in floats).
  let progress = 100;
  if (next) {
    const span = Number(next.threshold_usd) - currentThreshold;
    progress = span <= 0 ? 0 : Math.max(0, Math.min(100, Math.floor(((Number(wagered) - currentThreshold) * 100) / span)));
  }
  return {
    level,
    level_name: current?.name ?? null,
    coin_multiplier: current?.coin_multiplier ?? "1",
    wagered_usd: wagered,
    next_level: next,
    progress_percent: progress,
    levels,
  };
}
