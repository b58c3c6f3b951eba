import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { jurisdictionBetRules } from "./jurisdiction-bet-rules.ts";

/**
 * The jurisdiction's rules at a real-money launch (ADR 025): an unverified player is told before the
 * game opens (the wallet would refuse every bet), and a slot learns the player's highest stake per
 * game cycle in the play currency (player_slot_max_stake, the wallet's own figure) so its stake
 * selector stops there. max_stake null: no limit; "0" when no rate is known (the wallet refuses all).
 */
export async function checkJurisdictionLaunch(
  db: Db,
  profile: JurisdictionProfile,
  input: { playerGuid: string; gameGuid: string; playCurrencyGuid: string },
): Promise<{ max_stake: string | null }> {
  const rules = jurisdictionBetRules(profile);
  if (!rules.verified_required && rules.max_stake_gbp_from_25 === null) return { max_stake: null };
  const [row] = await queryRows<{ verified: boolean; slot: boolean; max_stake: string | null }>(
    db,
    sql`SELECT u.is_verified AS verified, COALESCE(tag.name = 'Slots', false) AS slot,
               CASE WHEN ${rules.max_stake_gbp_from_25}::numeric IS NULL THEN NULL
                    ELSE trim_scale(player_slot_max_stake(u.guid, ${input.playCurrencyGuid}::uuid,
                           ${rules.max_stake_gbp_from_25}::numeric, ${rules.max_stake_gbp_under_25}::numeric))::text END AS max_stake
          FROM users u
          LEFT JOIN games g ON g.guid = ${input.gameGuid}::uuid
          LEFT JOIN tags tag ON tag.guid = g.system_tag_guid
         WHERE u.guid = ${input.playerGuid}::uuid`,
  );
  if (rules.verified_required && !row?.verified)
    throw new AppError(
      "FORBIDDEN",
      "Please verify your identity and age before playing for real money (Account → Verification).",
    );
  if (!row?.slot || rules.max_stake_gbp_from_25 === null) return { max_stake: null };
  return { max_stake: row.max_stake ?? "0" };
}
