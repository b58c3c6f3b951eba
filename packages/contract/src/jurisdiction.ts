import { z } from "zod";

/**
 * The operator's licensing jurisdiction: ONE setting (`JURISDICTION`) selects ONE profile, read by the
 * platform and by every game provider (the house provider learns it through the signed launch, never from
 * a variable of its own). Rules follow this profile first; a field the player can edit never chooses them.
 *
 * Sources: UKGC Remote Technical Standards 8 and 14 (no autoplay, 2.5 s per slot game cycle), LCCP SR 5.1.1
 * (bonus wagering at most 10× the bonus since January 2026) and the Commission's ban on reverse withdrawals;
 * MGA Player Protection Directive; AGCO Registrar's Standards for Internet Gaming. The UK stake limits, the
 * verification before play, the self-exclusion register (LCCP SR 3.5.5, GAMSTOP) and the deposit-limit
 * prompt at registration (LCCP SR 3.5.3): ADR 025.
 */
export const jurisdictionCodes = ["none", "gb", "mt", "on"] as const;
export const jurisdictionCode = z.enum(jurisdictionCodes);
export type JurisdictionCode = z.infer<typeof jurisdictionCode>;

export type JurisdictionProfile = {
  code: JurisdictionCode;
  /** Shown to players and staff. */
  name: string;
  /** Minimum time between two slot game cycles of one player, across all sessions and games (0 = none). */
  min_slot_spin_interval_ms: number;
  /** Whether autoplay may be offered at all. */
  autoplay: boolean;
  /** Whether a player may cancel (reverse) a pending withdrawal. */
  withdrawal_reversal: boolean;
  /** Default reality-check interval in minutes (0 = the player opts in). */
  reality_check_default_minutes: number;
  /** Highest bonus wagering requirement, as a multiple of the bonus (null = no cap). */
  max_bonus_wagering_multiplier: number | null;
  /**
   * Highest stake per online slot game cycle in GBP (decimal strings), by age band: `from_25` from the
   * 25th birthday on, `under_25` before it and when the birthday is unknown; null = no stake limit.
   * Converted into the play currency at the stored exchange rates (ADR 025).
   */
  slot_max_stake_gbp: { from_25: string; under_25: string } | null;
  /** Identity and age verified (users.is_verified) before the first deposit or bet. */
  verified_before_play: boolean;
  /** A national self-exclusion register (GAMSTOP) is checked at sign-up and login. */
  self_exclusion_register: boolean;
  /** The deposit-limit prompt after sign-up: "required" (an explicit answer, skipping included) or "offered". */
  deposit_limit_prompt: "required" | "offered";
};

const PROFILES: Record<JurisdictionCode, JurisdictionProfile> = {
  none: {
    code: "none",
    name: "No particular jurisdiction",
    min_slot_spin_interval_ms: 0,
    autoplay: true,
    withdrawal_reversal: true,
    reality_check_default_minutes: 0,
    max_bonus_wagering_multiplier: null,
    slot_max_stake_gbp: null,
    verified_before_play: false,
    self_exclusion_register: false,
    deposit_limit_prompt: "offered",
  },
  gb: {
    code: "gb",
    name: "Great Britain (UK Gambling Commission)",
    min_slot_spin_interval_ms: 2500,
    autoplay: false,
    withdrawal_reversal: false,
    reality_check_default_minutes: 60,
    max_bonus_wagering_multiplier: 10,
    // UKGC: online slots stake limits (from 9 April 2025 £5; £2 for 18-24 from 21 May 2025).
    slot_max_stake_gbp: { from_25: "5", under_25: "2" },
    verified_before_play: true,
    self_exclusion_register: true,
    deposit_limit_prompt: "required",
  },
  mt: {
    code: "mt",
    name: "Malta (Malta Gaming Authority)",
    min_slot_spin_interval_ms: 0,
    autoplay: true,
    withdrawal_reversal: true,
    reality_check_default_minutes: 60,
    max_bonus_wagering_multiplier: null,
    slot_max_stake_gbp: null,
    verified_before_play: false,
    self_exclusion_register: false,
    deposit_limit_prompt: "offered",
  },
  on: {
    code: "on",
    name: "Ontario (AGCO)",
    min_slot_spin_interval_ms: 0,
    autoplay: true,
    withdrawal_reversal: true,
    reality_check_default_minutes: 60,
    max_bonus_wagering_multiplier: null,
    slot_max_stake_gbp: null,
    verified_before_play: false,
    self_exclusion_register: false,
    deposit_limit_prompt: "offered",
  },
};

/** The profile of a code; "" and unknown-but-validated input never reach here (env validation refuses them). */
export function jurisdictionProfile(code: JurisdictionCode): JurisdictionProfile {
  return PROFILES[code];
}

/** The wire form (launch parameters, provider sessions): the code alone; every party derives the same profile. */
export function parseJurisdiction(value: string | undefined | null): JurisdictionProfile | null {
  const parsed = jurisdictionCode.safeParse((value ?? "").toLowerCase() || "none");
  return parsed.success ? PROFILES[parsed.data] : null;
}
