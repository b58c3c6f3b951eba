import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";
import type { LimitPromptState } from "@croupier/contract/entities/limit-prompt";
import { queryRows } from "../../lib/sql-executor.ts";

/** Whether the deposit-limit prompt is due for the player: no answer yet and no deposit limit of any kind. */
export async function loadLimitPrompt(
  db: Db,
  profile: JurisdictionProfile,
  playerGuid: string,
): Promise<LimitPromptState> {
  const [row] = await queryRows<{ answer: LimitPromptState["answer"]; answered_at: string | null; has_limit: boolean }>(
    db,
    sql`SELECT p.answer, p.answered_at::text AS answered_at,
               EXISTS (SELECT 1 FROM player_limits l WHERE l.user_guid = ${playerGuid}::uuid AND l.kind = 'deposit') AS has_limit
          FROM (SELECT 1) one
          LEFT JOIN deposit_limit_prompts p ON p.user_guid = ${playerGuid}::uuid`,
  );
  const answer = row?.answer ?? null;
  return {
    show: answer === null && !row?.has_limit,
    required: profile.deposit_limit_prompt === "required",
    answer,
    answered_at: row?.answered_at ? new Date(row.answered_at).toISOString() : null,
  };
}
