import { sql } from "drizzle-orm";
import { AppError } from "../../../lib/app-error.ts";
import type { SqlExecutor } from "../../../lib/sql-executor.ts";
import type { RealityCheckPolicy } from "./reality-check-policy.ts";

/** PUT /responsible-gaming/reality-check: the player's interval, at once; "off" only where the profile allows it. */
export async function setRealityCheckInterval(
  executor: SqlExecutor,
  policy: RealityCheckPolicy,
  input: { playerId: string; intervalMinutes: number },
): Promise<void> {
  if (input.intervalMinutes === 0 && !policy.may_turn_off)
    throw new AppError("VALIDATION_ERROR", "Reality checks cannot be turned off here.", {
      fields: [{ field: "body.interval_minutes", message: "must not be 0 under this jurisdiction" }],
    });
  await executor.execute(sql`
    INSERT INTO player_reality_checks (user_guid, interval_minutes, updated_at)
    VALUES (${input.playerId}, ${input.intervalMinutes}, now())
    ON CONFLICT (user_guid) DO UPDATE SET interval_minutes = EXCLUDED.interval_minutes, updated_at = now()`);
}
