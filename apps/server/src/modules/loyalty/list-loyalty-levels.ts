import { sql } from "drizzle-orm";
import type { LoyaltyLevel } from "@croupier/contract/entities/loyalty";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** Every level, lowest threshold first (at most 100: the level number's range). */
export async function listLoyaltyLevels(db: SqlExecutor): Promise<LoyaltyLevel[]> {
  return queryRows<LoyaltyLevel>(
    db,
    sql`SELECT level, name, trim_scale(threshold_usd)::text AS threshold_usd, trim_scale(coin_multiplier)::text AS coin_multiplier
          FROM loyalty_levels ORDER BY threshold_usd, level LIMIT 100`,
  );
}
