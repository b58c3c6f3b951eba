import { z } from "zod";

/** Time-out periods (issue #16): a short break. */
export const TIME_OUT_PERIODS = ["24h", "1w", "1m", "6w"] as const;
/** Self-exclusion periods (issue #16): a long break, at least six months, or with no end (PLAYER_PROTECTION 19). */
export const SELF_EXCLUSION_PERIODS = ["6m", "1y", "2y", "5y", "indefinite"] as const;
/** The self-exclusion without an end date: ends_at stays NULL (only-extend treats it as the longest). */
export const INDEFINITE = "indefinite";
export const EXCLUSION_KINDS = ["time_out", "self_exclusion", "operator"] as const;

/** The PostgreSQL interval of each period: end dates are computed in SQL from now(). */
export const EXCLUSION_PERIOD_INTERVALS = {
  "24h": "24 hours",
  "1w": "7 days",
  "1m": "1 month",
  "6w": "42 days",
  "6m": "6 months",
  "1y": "1 year",
  "2y": "2 years",
  "5y": "5 years",
} as const satisfies Record<
  Exclude<(typeof TIME_OUT_PERIODS)[number] | (typeof SELF_EXCLUSION_PERIODS)[number], typeof INDEFINITE>,
  string
>;

/** A period with an end date. */
export type ExclusionPeriod = keyof typeof EXCLUSION_PERIOD_INTERVALS;

/** POST /api/v1/responsible-gaming/exclusions: the player's own time-out or self-exclusion. */
export const createExclusionBody = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("time_out"), period: z.enum(TIME_OUT_PERIODS), password: z.string().min(1).max(200) }),
  z.object({
    kind: z.literal("self_exclusion"),
    period: z.enum(SELF_EXCLUSION_PERIODS),
    password: z.string().min(1).max(200),
  }),
]);
export type CreateExclusionBody = z.infer<typeof createExclusionBody>;

export const exclusion = z.object({
  guid: z.uuid(),
  kind: z.enum(EXCLUSION_KINDS),
  period: z.string().nullable(),
  starts_at: z.string(),
  /** Null only for an indefinite operator exclusion. */
  ends_at: z.string().nullable(),
  /** Set when staff ended an operator exclusion early. */
  ended_at: z.string().nullable(),
  active: z.boolean(),
});
export type Exclusion = z.infer<typeof exclusion>;

/** GET /api/v1/responsible-gaming/exclusions: the player's own exclusions, newest first (at most 100). */
export const exclusionList = z.array(exclusion);

/** The staff view of one exclusion: who applied or ended an operator exclusion, and why. */
export const staffExclusion = exclusion.extend({
  reason: z.string().nullable(),
  /** gb: when support recorded the player's request to return after a self-exclusion ended. */
  return_requested_at: z.string().nullable(),
  /** gb: an ended self-exclusion that still keeps the player out (no request yet, or the day after it not over). */
  holds_until_return: z.boolean(),
  created_by_staff: z.uuid().nullable(),
  ended_by_staff: z.uuid().nullable(),
  created_at: z.string(),
});
export type StaffExclusion = z.infer<typeof staffExclusion>;
export const staffExclusionList = z.array(staffExclusion);

/** POST /players/:id/exclusions (back office): an operator exclusion; no end date = until further notice. */
export const operatorExclusionBody = z.object({
  reason: z.string().trim().min(3).max(500),
  ends_at: z.iso.datetime({ offset: true }).nullable(),
});
export type OperatorExclusionBody = z.infer<typeof operatorExclusionBody>;

/** POST /players/:id/exclusions/:exclusion_id/end (back office): only operator exclusions end early. */
export const endOperatorExclusionBody = z.object({ reason: z.string().trim().min(3).max(500) });
export type EndOperatorExclusionBody = z.infer<typeof endOperatorExclusionBody>;

export const exclusionParams = z.object({ id: z.uuid(), exclusion_id: z.uuid() });

/** Under gb an ended self-exclusion reopens the account one day after the player asks to return (ADR 020). */
export const RETURN_COOLING_OFF_HOURS = 24;

/** POST /players/:id/exclusions/:exclusion_id/return (back office, gb): how the player asked. */
export const returnRequestBody = z.object({ note: z.string().trim().min(3).max(500) });
export type ReturnRequestBody = z.infer<typeof returnRequestBody>;

/**
 * POST /players/:id/exclusions/payout (back office): an excluded player cannot log in, so support
 * pays the remaining cash of one wallet out to the player's most recently saved card (ADR 020).
 */
export const exclusionPayoutBody = z.object({ wallet_guid: z.uuid() });
export type ExclusionPayoutBody = z.infer<typeof exclusionPayoutBody>;
export const exclusionPayoutResult = z.object({
  payment_guid: z.uuid(),
  amount: z.string(),
  currency: z.string(),
});
export type ExclusionPayoutResult = z.infer<typeof exclusionPayoutResult>;
