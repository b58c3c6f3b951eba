import type { Env } from "../../env.ts";

/** Jurisdictions whose rules forbid players to cancel (reverse) a pending withdrawal. */
const NO_WITHDRAWAL_REVERSAL = new Set(["gb"]);

/**
 * Whether a player may cancel a pending withdrawal. The UK Gambling
 * Commission forbids reverse withdrawals: under JURISDICTION=gb, and for
 * players whose country is gb, never. Elsewhere PLAYER_MAY_CANCEL_WITHDRAWAL
 * decides (default: allowed).
 */
export function playerMayCancelWithdrawal(env: Env, playerCountryIso2: string | null): boolean {
  if (NO_WITHDRAWAL_REVERSAL.has(env.JURISDICTION)) return false;
  if (playerCountryIso2 && NO_WITHDRAWAL_REVERSAL.has(playerCountryIso2.toLowerCase())) return false;
  return env.PLAYER_MAY_CANCEL_WITHDRAWAL ?? true;
}

/** POST /billing/deposit/test (money from nowhere) exists in demo mode only, never in production. */
export const testDepositsEnabled = (env: Pick<Env, "DEMO_MODE" | "NODE_ENV">) =>
  env.DEMO_MODE && env.NODE_ENV !== "production";
