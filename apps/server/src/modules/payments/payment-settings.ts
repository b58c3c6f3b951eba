import { jurisdictionCode, jurisdictionProfile } from "@croupier/contract/jurisdiction";
import type { Env } from "../../env.ts";

/**
 * Whether a player may cancel (reverse) a pending withdrawal. The operator's jurisdiction profile
 * decides first (gb: never, the UK Gambling Commission bans reverse withdrawals), then the operator's
 * PLAYER_MAY_CANCEL_WITHDRAWAL may forbid it where the profile allows it. The player's country, fixed at
 * sign-up, may only tighten this (a player from gb never may, whatever the operator's profile); it can
 * never loosen what the operator's profile forbids, so no field a player can edit chooses the rule.
 */
export function playerMayCancelWithdrawal(
  env: Pick<Env, "jurisdiction" | "PLAYER_MAY_CANCEL_WITHDRAWAL">,
  playerCountryIso2: string | null,
): boolean {
  if (!env.jurisdiction.withdrawal_reversal) return false;
  if (env.PLAYER_MAY_CANCEL_WITHDRAWAL === false) return false;
  const country = jurisdictionCode.safeParse(playerCountryIso2?.toLowerCase());
  if (country.success && !jurisdictionProfile(country.data).withdrawal_reversal) return false;
  return true;
}

/** POST /billing/deposit/test (money from nowhere) exists in demo mode only, never in production. */
export const testDepositsEnabled = (env: Pick<Env, "DEMO_MODE" | "NODE_ENV">) =>
  env.DEMO_MODE && env.NODE_ENV !== "production";
