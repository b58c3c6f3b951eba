import { z } from "zod";
import { decimalString } from "./currency.ts";

/**
 * Bonuses (issue #17; seed 001 "Bonuses and promo codes" and "### Bonuses").
 *
 * The enums repeat packages/db/src/schema/bonuses.ts (the contract package must not import the db
 * package): keep both lists in the same order when one changes.
 */

/** What makes a player eligible (db: bonusTriggers). */
export const bonusTriggers = ["registration", "deposit", "promo_code", "manual", "scheduled"] as const;
export const bonusTrigger = z.enum(bonusTriggers);
export type BonusTrigger = z.infer<typeof bonusTrigger>;

/**
 * What the player receives (db: bonusTypes). cashback: a share of the net loss over a period (paid
 * by the cashback job); rakeback: a share of every stake, accrued and claimed; coin: bought with
 * loyalty coins (issue #18). Which trigger each type takes: ADR 038.
 */
export const bonusTypes = ["deposit_match", "fixed_amount", "free_spins", "cashback", "rakeback", "coin"] as const;
export const bonusType = z.enum(bonusTypes);
export type BonusType = z.infer<typeof bonusType>;

/** Cashback period (db: cashbackPeriods): one UTC day, or one ISO week (Monday 00:00 UTC to Monday). */
export const cashbackPeriods = ["daily", "weekly"] as const;
export const cashbackPeriod = z.enum(cashbackPeriods);
export type CashbackPeriod = z.infer<typeof cashbackPeriod>;

/** How claimed rakeback is paid (db: rakebackPayouts): straight to cash, or as a bonus with the version's wagering. */
export const rakebackPayouts = ["cash", "bonus"] as const;
export const rakebackPayout = z.enum(rakebackPayouts);
export type RakebackPayout = z.infer<typeof rakebackPayout>;

/**
 * Campaign status (db: bonusCampaignStatuses): draft (staff only), scheduled (waits for its start),
 * active (offered), paused (no new grants, running bonuses go on), ended (final).
 */
export const bonusCampaignStatuses = ["draft", "scheduled", "active", "paused", "ended"] as const;
export const bonusCampaignStatus = z.enum(bonusCampaignStatuses);
export type BonusCampaignStatus = z.infer<typeof bonusCampaignStatus>;

/** Which games the bonus may be wagered on (db: bonusProducts; the UK profile refuses "any"). */
export const bonusProducts = ["any", "slots", "live"] as const;
export const bonusProduct = z.enum(bonusProducts);
export type BonusProduct = z.infer<typeof bonusProduct>;

/**
 * Customer bonus status (db: customerBonusStatuses; the seed leaves the values open):
 * offered (waiting for activation), active (money or spins on the wallet, wagering running; one per
 * wallet), completed (wagering done, converted to cash up to max_cashout), expired (activation window
 * or wagering time ran out), cancelled (by the player or staff; bonus money and its winnings
 * forfeited), lost (bonus balance fell under the threshold).
 */
export const customerBonusStatuses = ["offered", "active", "completed", "expired", "cancelled", "lost"] as const;
export const customerBonusStatus = z.enum(customerBonusStatuses);
export type CustomerBonusStatus = z.infer<typeof customerBonusStatus>;

/** Statuses of a running bonus ("my bonuses"); the others are history. */
export const OPEN_CUSTOMER_BONUS_STATUSES = ["offered", "active"] as const satisfies readonly CustomerBonusStatus[];
export const FINISHED_CUSTOMER_BONUS_STATUSES = [
  "completed",
  "expired",
  "cancelled",
  "lost",
] as const satisfies readonly CustomerBonusStatus[];

/** Page-size ceiling of every bonus list; larger per_page values are clamped, not refused. */
export const BONUS_PER_PAGE_MAX = 200;

/** A percentage as a decimal string ("100", "12.5"). */
const percentString = decimalString;

/** Timestamps are ISO 8601 strings in UTC ("2026-01-31T12:00:00.000Z"). */
const timestamp = z.string().max(40);

// ---------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------

/** Bonus label (seed: name, icon, background_color, styles), plus its guid. */
export const bonusLabel = z
  .object({
    guid: z.uuid(),
    name: z.string().max(60),
    icon: z.string().max(500).nullable(),
    background_color: z.string().max(32).nullable(),
    /** CSS property → value, e.g. { "color": "#fff" }. */
    styles: z.record(z.string().max(64), z.string().max(200)),
  })
  .describe("Bonus label");
export type BonusLabel = z.infer<typeof bonusLabel>;

/**
 * Per-currency terms of a campaign version (seed: bonus_currencies). Amounts are decimal strings in
 * the currency's decimals.
 */
export const bonusCurrency = z
  .object({
    guid: z.uuid(),
    /** The currency code ("USD"): the seed's external_guid. */
    external_guid: z.string().max(16),
    /** Extra: the currency's guid, to match wallets. */
    currency_guid: z.uuid(),
    min_deposit_sum: decimalString,
    /** Deposit match: the cap; fixed amount: the amount granted. */
    max_bonus_sum: decimalString,
    /** Most bonus money that converts to cash at completion; "0" = no cap. */
    max_cashout: decimalString,
    bonus_threshold: decimalString,
    free_spins_count: z.number().int().min(0),
    free_spin_bet: decimalString,
    cashback_percent: percentString,
  })
  .describe("Bonus currency");
export type BonusCurrency = z.infer<typeof bonusCurrency>;

/**
 * Whether the signed-in player could get an offer now. `reason` is a sentence safe to show to the
 * player (null when eligible). `next_deposit_number` is the number their next successful deposit
 * will have (deposit offers; null for other triggers).
 */
export const bonusEligibility = z
  .object({
    eligible: z.boolean(),
    reason: z.string().max(300).nullable(),
    next_deposit_number: z.number().int().min(1).nullable(),
  })
  .describe("Bonus eligibility");
export type BonusEligibility = z.infer<typeof bonusEligibility>;

/** Eligibility reasons (shown to players as is). */
export const BONUS_INELIGIBLE_REASONS = {
  depositNumber: (n: number) => `This offer is for your ${ordinal(n)} deposit.`,
  alreadyGranted: "You have already received this bonus.",
  registrationOnly: "This offer is for new registrations.",
  manualOnly: "This bonus is granted by our team.",
  promoCode: "Enter the promo code to get this bonus.",
  currency: "This offer is not available in your currencies.",
  notStarted: "This offer has not started yet.",
  notRunning: "This offer is not available now.",
  segment: "This offer is not available for your account.",
} as const;

// Lives in a zod-free module so the web app's entry chunk can use it without pulling zod in.
export { ordinal } from "../ordinal.ts";
import { ordinal } from "../ordinal.ts";

/**
 * Bonus hub bonus, also the workspace bonus (seed): one campaign at its current version.
 * `guid` is the version's guid, `bonus_guid` the campaign's stable id.
 */
export const hubBonus = z
  .object({
    guid: z.uuid(),
    bonus_guid: z.uuid(),
    project_guid: z.uuid().nullable(),
    version: z.number().int().min(1),
    bonus_name: z.string().max(120),
    bonus_status: bonusCampaignStatus,
    start_date: timestamp.nullable(),
    end_date: timestamp.nullable(),
    bonus_trigger: bonusTrigger,
    bonus_type: bonusType,
    /** Deposit trigger: which successful deposit (1st, 2nd, …); null = any. */
    deposit_number: z.number().int().min(1).nullable(),
    bonus_percent: percentString,
    /** Wagering multiplier of the bonus amount ("10" = 10×). */
    bonus_wager: decimalString,
    /** Seconds (the player app shows whole days). */
    wagering_expiration_time: z.number().int().min(0),
    activation_expiration_time: z.number().int().min(0),
    /** "0" is shown as 100 (seed 000). */
    winnings_distribution_percent: percentString,
    auto_activation: z.boolean(),
    /** Seconds after the grant. */
    auto_activation_time: z.number().int().min(0),
    project_tag_guid: z.uuid().nullable(),
    is_cumulative: z.boolean(),
    deposit_defer: z.boolean(),
    icon: z.string().max(500).nullable(),
    background_image: z.string().max(500).nullable(),
    description: z.string().max(20_000),
    segment_guids: z.array(z.uuid()),
    labels: z.array(bonusLabel),
    bonus_currencies: z.array(bonusCurrency),
    /** Extra: which games the bonus may be wagered on. */
    product: bonusProduct,
    /** Extra: the full terms, shown before activation (required by the gb profile). */
    terms: z.string().max(50_000),
    /** Extra: free spins are played in these games (games.guid); empty = any game with can_freespins. */
    game_guids: z.array(z.uuid()),
    /** Extra (cashback): the period one cashback payment covers ("weekly" on the other types). */
    cashback_period: cashbackPeriod,
    /** Extra (rakeback): percent of every slots / live stake accrued ("0" on the other types). */
    rakeback_slots_percent: percentString,
    rakeback_live_percent: percentString,
    /** Extra (rakeback): a claim pays cash, or a bonus with bonus_wager ("cash" on the other types). */
    rakeback_payout: rakebackPayout,
    /** Extra (coin): the price of the bonus in loyalty coins ("0" on the other types). */
    coin_price: decimalString,
    /** Present only for a signed-in player. */
    eligibility: bonusEligibility.optional(),
  })
  .describe("Bonus hub bonus");
export type HubBonus = z.infer<typeof hubBonus>;

/** Customer bonus (seed) plus what the player's pages show without a second call. */
export const customerBonus = z
  .object({
    guid: z.uuid(),
    customer_guid: z.uuid(),
    bonus_trigger: bonusTrigger,
    wallet_guid: z.uuid(),
    project_guid: z.uuid().nullable(),
    currency_guid: z.uuid(),
    bonus_guid: z.uuid(),
    bonus_version_guid: z.uuid(),
    status: customerBonusStatus,
    /** Wagering required in total (bonus × multiplier). */
    wager_amount: decimalString,
    bonus_amount: decimalString,
    /** Seconds of wagering time. */
    wagering_expiration_time: z.number().int().min(0),
    wagering_expiration_date: timestamp.nullable(),
    win_sum: decimalString,
    activation_expiration_date: timestamp.nullable(),
    max_cashout: decimalString,
    winnings_distribution_percent: percentString,
    bonus_threshold: decimalString,
    created_at: timestamp,
    updated_at: timestamp,
    free_spin_count: z.number().int().min(0),
    /** The stake of one free spin. */
    free_spin_amount: decimalString,
    bonus_type: bonusType,
    auto_enabled: z.boolean(),
    comment: z.string().max(500).nullable(),
    // --- extras for the player UI ---
    bonus_name: z.string().max(120),
    description: z.string().max(20_000),
    terms: z.string().max(50_000),
    icon: z.string().max(500).nullable(),
    background_image: z.string().max(500).nullable(),
    labels: z.array(bonusLabel),
    product: bonusProduct,
    game_guids: z.array(z.uuid()),
    /** The campaign version's wagering multiplier ("10" = 10×). */
    bonus_wager: decimalString,
    currency_code: z.string().max(16),
    /** Wagering still required: the wallet's wager while active, else "0". */
    wager_left: decimalString,
    /** Percent of wagering done, whole 0–100 (100 once completed; 0 while offered). */
    progress_percent: z.number().int().min(0).max(100),
    /** The wallet's bonus money while active, else "0". */
    bonus_balance: decimalString,
    /** Free spins left: the wallet's count while active, free_spin_count while offered, else 0. */
    free_spins_left: z.number().int().min(0),
    /** Bonus money held until the next qualifying deposit (deposit_defer). */
    deferred: z.boolean(),
    activated_at: timestamp.nullable(),
    finished_at: timestamp.nullable(),
    /** On completed: bonus money converted to cash. */
    converted_amount: decimalString.nullable(),
    /** On completed/expired/cancelled/lost: bonus money forfeited. */
    forfeited_amount: decimalString.nullable(),
  })
  .describe("Customer bonus");
export type CustomerBonus = z.infer<typeof customerBonus>;

// ---------------------------------------------------------------------------
// Queries and inputs
// ---------------------------------------------------------------------------

const page = z.coerce.number().int().min(1).max(1_000_000).default(1);
/** Clamped to BONUS_PER_PAGE_MAX by the server (seed clients ask for very large pages). */
const perPage = z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(20);

/** Unix seconds ("1767225600", up to 10 digits: year 2286) or an ISO 8601 date/datetime. */
export const bonusTimeFilter = z
  .string()
  .max(40)
  .refine(
    (v) => /^\d{1,10}$/.test(v) || (/^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v))),
    "must be unix seconds or an ISO 8601 date",
  );

/** Parses a bonusTimeFilter value into a Date. */
export function parseBonusTime(value: string): Date {
  return /^\d{1,10}$/.test(value) ? new Date(Number(value) * 1000) : new Date(value);
}

/**
 * One status or a comma-separated list ("completed,expired,cancelled,lost" for the history tab).
 * Parsed into a de-duplicated array.
 */
export const customerBonusStatusFilter = z
  .string()
  .max(80)
  .transform((v, ctx) => {
    const parts = [
      ...new Set(
        v
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    const bad = parts.find((p) => !(customerBonusStatuses as readonly string[]).includes(p));
    if (bad !== undefined || parts.length === 0) {
      ctx.addIssue({ code: "custom", message: `must be one or more of ${customerBonusStatuses.join(", ")}` });
      return z.NEVER;
    }
    return parts as CustomerBonusStatus[];
  });

/** GET /bonuses/list (seed: status, page, per_page, bonus_type, guid). Newest first. */
export const customerBonusesQuery = z.object({
  status: customerBonusStatusFilter.optional(),
  page,
  per_page: perPage,
  bonus_type: bonusType.optional(),
  /** A customer bonus guid. */
  guid: z.uuid().optional(),
  /** Extra: one wallet currency. */
  currency_guid: z.uuid().optional(),
});
export type CustomerBonusesQuery = z.input<typeof customerBonusesQuery>;

/** GET /bonus (seed: bonus_guid, segment_guid): one visible campaign at its current version. */
export const hubBonusQuery = z.object({
  bonus_guid: z.uuid(),
  segment_guid: z.uuid().optional(),
});
export type HubBonusQuery = z.input<typeof hubBonusQuery>;

/** Filters shared by GET /bonus_hub and GET /workspace/bonuses. */
const campaignFilters = {
  /** A version guid (the hub bonus's guid). */
  guid: z.uuid().optional(),
  /** Offers that target this segment (or everyone). */
  segment_guid: z.uuid().optional(),
  bonus_guid: z.uuid().optional(),
  /** Case-insensitive substring of the name. */
  bonus_name: z.string().trim().min(1).max(120).optional(),
  bonus_status: bonusCampaignStatus.optional(),
  bonus_trigger: bonusTrigger.optional(),
  bonus_type: bonusType.optional(),
  deposit_number: z.coerce.number().int().min(1).max(1000).optional(),
  /** Offers running at some point in [from_ts, to_ts] (open ends count as unbounded). */
  from_ts: bonusTimeFilter.optional(),
  to_ts: bonusTimeFilter.optional(),
  page,
  per_page: perPage,
};

/** GET /bonus_hub: active offers now within start/end (public; eligibility for a signed-in player). */
export const hubBonusesQuery = z.object({
  ...campaignFilters,
  label_guid: z.uuid().optional(),
});
export type HubBonusesQuery = z.input<typeof hubBonusesQuery>;

/** GET /workspace/bonuses: scheduled, active and paused campaigns (never drafts; ended ones are gone). */
export const workspaceBonusesQuery = z.object(campaignFilters);
export type WorkspaceBonusesQuery = z.input<typeof workspaceBonusesQuery>;

/** PATCH /bonuses/activate/{guid} and /bonuses/cancel/{guid}: guid = the customer bonus. */
export const customerBonusGuidParams = z.object({ guid: z.uuid() });

/** Answer of activate / cancel: the customer bonus as it is now. */
export const customerBonusActionResult = customerBonus;

/** Message of the cancel confirmation (the player app shows it before PATCH /bonuses/cancel). */
export const CANCEL_BONUS_CONFIRMATION =
  "Cancelling removes your bonus money and any winnings made with it. This cannot be undone.";
