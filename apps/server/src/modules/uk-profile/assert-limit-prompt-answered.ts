import type { Db } from "@croupier/db/create-database";
import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";
import { AppError } from "../../lib/app-error.ts";
import { loadLimitPrompt } from "./load-limit-prompt.ts";

/**
 * Where the profile requires the deposit-limit prompt (gb, ADR 025), a deposit waits for the player's
 * answer: a deposit limit, or the explicit "No limit for now". For the deposit paths (create-deposit,
 * create-test-deposit), after the player checks; no query elsewhere.
 */
export async function assertLimitPromptAnswered(
  db: Db,
  profile: JurisdictionProfile,
  playerGuid: string,
): Promise<void> {
  if (profile.deposit_limit_prompt !== "required") return;
  const prompt = await loadLimitPrompt(db, profile, playerGuid);
  if (prompt.show)
    throw new AppError(
      "FORBIDDEN",
      "Before your first deposit, set a deposit limit or choose “No limit for now” (Account → Limits).",
    );
}
