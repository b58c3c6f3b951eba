import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { LimitPromptAnswer } from "@croupier/contract/entities/limit-prompt";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";

/**
 * Records the player's answer to the deposit-limit prompt, once: the first answer stays (a later
 * call changes nothing). "limit_set" needs a deposit limit to exist, so the record tells the truth.
 */
export async function answerLimitPrompt(db: Db, playerGuid: string, answer: LimitPromptAnswer): Promise<void> {
  const [row] = await queryRows<{ has_limit: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM player_limits l WHERE l.user_guid = ${playerGuid}::uuid AND l.kind = 'deposit') AS has_limit`,
  );
  if (answer === "limit_set" && !row?.has_limit) throw new AppError("CONFLICT", "Set a deposit limit first.");
  await db.execute(
    sql`INSERT INTO deposit_limit_prompts (user_guid, answer) VALUES (${playerGuid}::uuid, ${answer})
        ON CONFLICT (user_guid) DO NOTHING`,
  );
}
