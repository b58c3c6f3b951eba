import { sql } from "drizzle-orm";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

/**
 * POST /responsible-gaming/reality-check/acknowledge: the player answered the due check ("continue"
 * or "leave"; the client leaves the game on "leave"). Either answer restarts the interval and lets
 * bets through again. Only a due check can be answered, so a client cannot push the next one away
 * by answering early.
 */
export async function answerRealityCheck(executor: SqlExecutor, playerId: string): Promise<void> {
  const [due] = await queryRows<{ due: boolean }>(executor, sql`SELECT player_reality_check_due(${playerId}::uuid) AS due`);
  if (!due?.due) throw new AppError("CONFLICT", "No reality check is due.");
  await executor.execute(sql`
    INSERT INTO player_reality_checks (user_guid, acknowledged_at, updated_at)
    VALUES (${playerId}, now(), now())
    ON CONFLICT (user_guid) DO UPDATE SET acknowledged_at = now(), updated_at = now()`);
}
