import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";

/**
 * Whether an ended self-exclusion keeps the player out until they ask to return, with a day's
 * cooling-off after the request (ADR 020). Great Britain, as we read the Gambling Commission's
 * self-exclusion code (LCCP SR code 3.5.3; check the current text). Elsewhere login reopens at the end.
 */
export function selfExclusionNeedsReturnRequest(profile: JurisdictionProfile): boolean {
  return profile.code === "gb";
}
