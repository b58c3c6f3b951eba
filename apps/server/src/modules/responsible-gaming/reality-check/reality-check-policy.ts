import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";

export type RealityCheckPolicy = { default_minutes: number; may_turn_off: boolean };

/**
 * What the jurisdiction profile says about reality checks (ADR 022): its default interval, and
 * whether a player may turn them off. Great Britain requires them (the UKGC's RTS 13 reality check
 * for the player's session); elsewhere the player may opt out, and "none" starts with them off.
 */
export function realityCheckPolicy(profile: JurisdictionProfile): RealityCheckPolicy {
  return { default_minutes: profile.reality_check_default_minutes, may_turn_off: profile.code !== "gb" };
}
