import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../../lib/sql-executor.ts";
import type { RealityCheckPolicy } from "./reality-check-policy.ts";

/**
 * Copies the profile's default into reality_check_config at start, so the SQL bet gate
 * (player_reality_check_due, both wallet paths) applies the same default as the API. Every
 * instance of one deployment runs one profile, so they all write the same row.
 */
export async function writeRealityCheckConfig(executor: SqlExecutor, policy: RealityCheckPolicy): Promise<void> {
  await executor.execute(sql`
    INSERT INTO reality_check_config (id, default_minutes, off_allowed, updated_at)
    VALUES (true, ${policy.default_minutes}, ${policy.may_turn_off}, now())
    ON CONFLICT (id) DO UPDATE SET default_minutes = EXCLUDED.default_minutes, off_allowed = EXCLUDED.off_allowed,
                                   updated_at = now()`);
}
