import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";

/**
 * The jurisdiction's bet rules as both bet paths take them (ADR 025): the one-trip path
 * (provider_wallet_fast_calls) reads them off each call, the two-statement path passes them to
 * checkJurisdictionBet. Null limits: no stake limit.
 */
export type JurisdictionBetRules = {
  verified_required: boolean;
  max_stake_gbp_from_25: string | null;
  max_stake_gbp_under_25: string | null;
};

export const NO_BET_RULES: JurisdictionBetRules = {
  verified_required: false,
  max_stake_gbp_from_25: null,
  max_stake_gbp_under_25: null,
};

export function jurisdictionBetRules(profile: JurisdictionProfile): JurisdictionBetRules {
  return {
    verified_required: profile.verified_before_play,
    max_stake_gbp_from_25: profile.slot_max_stake_gbp?.from_25 ?? null,
    max_stake_gbp_under_25: profile.slot_max_stake_gbp?.under_25 ?? null,
  };
}
