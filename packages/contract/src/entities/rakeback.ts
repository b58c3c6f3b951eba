import { z } from "zod";
import { decimalString } from "./currency.ts";

/**
 * Rakeback (issue #18, ADR 035): a share of every real-money stake, by game class, accrued off the
 * bet path and claimed by the player as cash or as a bonus (the campaign's rakeback_payout). The seed
 * does not show these calls; they are this platform's:
 *
 *   GET  /api/v1/bonuses/rakeback          listEnvelope(rakebackBalance): one row per wallet with rakeback or a running campaign
 *   GET  /api/v1/bonuses/rakeback/claims   rakebackClaimsQuery → listEnvelope(rakebackClaim), newest first
 *   POST /api/v1/bonuses/rakeback/claim    rakebackClaimInput (+ optional Idempotency-Key header) → okEnvelope(rakebackClaim)
 *
 * A claim takes everything available on the wallet at once. It is idempotent by the Idempotency-Key
 * header or by `claim_guid` (a repeat answers the first claim); without either, a second submit finds
 * nothing left and answers 409 CONFLICT.
 */

export const rakebackPayouts = ["cash", "bonus"] as const;
export const rakebackPayout = z.enum(rakebackPayouts);
export type RakebackPayout = z.infer<typeof rakebackPayout>;

/** Timestamps are ISO 8601 strings in UTC. */
const timestamp = z.string().max(40);

/** The rakeback campaign that applies to a wallet now: its rates (percent of the stake) by game class. */
export const rakebackCampaign = z
  .object({
    bonus_guid: z.uuid(),
    /** The campaign's current version. */
    version_guid: z.uuid(),
    bonus_name: z.string().max(120),
    slots_percent: decimalString,
    live_percent: decimalString,
    payout: rakebackPayout,
    /** Wagering multiplier when paid as a bonus ("0" for cash). */
    bonus_wager: decimalString,
  })
  .describe("Rakeback campaign");
export type RakebackCampaign = z.infer<typeof rakebackCampaign>;

/** One wallet's rakeback. Amounts are in the wallet's currency, truncated to its decimals. */
export const rakebackBalance = z
  .object({
    wallet_guid: z.uuid(),
    currency_guid: z.uuid(),
    /** The currency code ("USD"). */
    currency: z.string().max(16),
    /** What a claim would pay now ("0" when nothing). */
    available: decimalString,
    /** Everything accrued so far, less rolled-back bets. */
    total_accrued: decimalString,
    total_claimed: decimalString,
    last_accrual_at: timestamp.nullable(),
    last_claim_at: timestamp.nullable(),
    last_claim_amount: decimalString.nullable(),
    /** The campaign accruing on this wallet now; null when none runs for it. */
    campaign: rakebackCampaign.nullable(),
    /** Whether POST /bonuses/rakeback/claim would pay now, and if not why (a sentence for the player). */
    claimable: z.boolean(),
    reason: z.string().max(300).nullable(),
  })
  .describe("Rakeback balance");
export type RakebackBalance = z.infer<typeof rakebackBalance>;

/** One claim, as paid. */
export const rakebackClaim = z
  .object({
    guid: z.uuid(),
    wallet_guid: z.uuid(),
    currency: z.string().max(16),
    amount: decimalString,
    payout: rakebackPayout,
    bonus_guid: z.uuid(),
    bonus_name: z.string().max(120),
    /** Bonus payout: the customer bonus granted (see GET /bonuses/list); null for cash. */
    customer_bonus_guid: z.uuid().nullable(),
    created_at: timestamp,
  })
  .describe("Rakeback claim");
export type RakebackClaim = z.infer<typeof rakebackClaim>;

export const rakebackClaimInput = z
  .object({
    wallet_guid: z.uuid(),
    /** A guid the client picks per claim attempt: a retry with the same guid answers the same claim. */
    claim_guid: z.uuid().optional(),
  })
  .strict();
export type RakebackClaimInput = z.infer<typeof rakebackClaimInput>;

export const RAKEBACK_CLAIMS_PER_PAGE_MAX = 100;

export const rakebackClaimsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(RAKEBACK_CLAIMS_PER_PAGE_MAX).default(20),
});
export type RakebackClaimsQuery = z.input<typeof rakebackClaimsQuery>;

/** Player-facing reasons (shown as they are). */
export const RAKEBACK_REASONS = {
  nothing: "There is no rakeback to claim yet.",
  excluded: "Rakeback cannot be claimed during a time-out or self-exclusion.",
  walletBlocked: "This wallet is blocked.",
} as const;
