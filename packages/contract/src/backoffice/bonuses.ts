import { z } from "zod";
import {
  bonusCampaignStatus,
  bonusProduct,
  bonusTrigger,
  bonusType,
  cashbackPeriod,
  customerBonusStatus,
  rakebackPayout,
  hubBonus,
  type HubBonus,
} from "../entities/bonus.ts";

// Bonus campaigns, labels and players' bonuses in the back office (issue #17), under
// /api/backoffice/v1. Permission "bonuses.manage" for every call (reads included: the matrix
// has no bonus read permission). A campaign is a sequence of immutable versions: an edit writes a
// new version and points the campaign at it; customer bonuses keep the version they were granted under.
//
// Routes:
//   GET    /bonus-campaigns                          campaignsQuery → listEnvelope(campaignRow)
//   POST   /bonus-campaigns                          campaignInput → campaignDetail (version 1, status draft)
//   GET    /bonus-campaigns/:bonus_guid              → campaignDetail
//   PUT    /bonus-campaigns/:bonus_guid              campaignInput → campaignDetail (a new version)
//   POST   /bonus-campaigns/:bonus_guid/status       campaignStatusInput → campaignDetail
//   GET    /bonus-campaigns/:bonus_guid/preview      previewQuery → bonusPreview (what a player's GET /bonus shows)
//   GET    /bonus-labels                             → bonusLabel[]
//   POST   /bonus-labels                             bonusLabelInput → bonusLabel
//   PUT    /bonus-labels/:guid                       bonusLabelInput → bonusLabel
//   DELETE /bonus-labels/:guid                       → { guid } (409 when a current version uses it)
//   GET    /players/:id/bonuses                      playerBonusesQuery → listEnvelope(playerBonusRow)
//   POST   /players/:id/bonuses                      manualGrantInput → manualGrantResult
//   POST   /players/:id/bonuses/:guid/cancel         staffCancelInput → staffCancelResult

export const BONUS_CAMPAIGNS_PER_PAGE_MAX = 100;
export const PLAYER_BONUSES_PER_PAGE_MAX = 100;
export const BONUS_NAME_MAX = 120;
export const BONUS_DESCRIPTION_MAX = 5_000;
export const BONUS_TERMS_MAX = 20_000;
export const BONUS_CURRENCIES_MAX = 50;
export const BONUS_GAMES_MAX = 200;
export const BONUS_SEGMENTS_MAX = 100;
export const BONUS_LABELS_PER_VERSION_MAX = 20;
export const BONUS_LABEL_NAME_MAX = 60;
export const BONUS_LABEL_STYLES_MAX = 20;
export const BONUS_COMMENT_MAX = 500;
export const BONUS_VERSIONS_SHOWN_MAX = 50;
/** Longest wagering or activation window: one year, in seconds. */
export const BONUS_WINDOW_MAX_SECONDS = 365 * 86_400;
export const BONUS_WINDOW_MIN_SECONDS = 3_600;
export const BONUS_DEPOSIT_NUMBER_MAX = 100;
export const BONUS_FREE_SPINS_MAX = 1_000;
export const BONUS_PERCENT_MAX = 1_000;
export const BONUS_WAGER_MAX = 200;
export const IDEMPOTENCY_KEY_MAX = 128;

export const BONUS_STATUS_ACTIONS = ["schedule", "activate", "pause", "resume", "end"] as const;
export const bonusStatusAction = z.enum(BONUS_STATUS_ACTIONS);
// The enums are the player contract's: one list of triggers, types, statuses and products.
export {
  bonusCampaignStatus,
  bonusProduct,
  bonusTrigger,
  bonusType,
  cashbackPeriod,
  customerBonusStatus,
  rakebackPayout,
};

/** A decimal string as the database keeps money: never a JS number. */
const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
/** An amount staff send: plain, non-negative, at most 20 whole and 18 fraction digits. */
const amountInput = z
  .string()
  .max(40)
  .regex(/^(0|[1-9]\d{0,19})(\.\d{1,18})?$/, 'must be a plain non-negative decimal string, e.g. "100" or "0.20"');
/** A percentage or multiplier (NUMERIC with 2 fraction digits), as a decimal string. */
const ratioInput = (max: number) =>
  z
    .string()
    .max(10)
    .regex(/^(0|[1-9]\d{0,3})(\.\d{1,2})?$/, "must be a decimal string with at most 2 fraction digits")
    .refine((v) => Number(v) <= max, `must be at most ${max}`);
/** A price in loyalty coins (NUMERIC(20,4)): plain, non-negative, at most 4 fraction digits. */
const coinPriceInput = z
  .string()
  .max(24)
  .regex(/^(0|[1-9]\d{0,15})(\.\d{1,4})?$/, 'must be a plain non-negative number of coins, e.g. "100" or "12.5"');
const seconds = z.number().int().min(BONUS_WINDOW_MIN_SECONDS).max(BONUS_WINDOW_MAX_SECONDS);
const imageRef = z.string().trim().max(500).nullable();
const isoDate = z.iso.datetime({ offset: true });
const uniqueUuids = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .refine((v) => new Set(v).size === v.length, "must not repeat an id");
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .max(8)
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max,
      `must be a whole number from ${min} to ${max}`,
    );

/** Terms of one version for one currency (the seed's bonus_currencies entry). */
export const campaignCurrencyInput = z
  .object({
    /** Currency code ("USD"): the seed's external_guid. Only existing currencies. */
    currency: z.string().trim().min(2).max(16),
    min_deposit_sum: amountInput.default("0"),
    /** Deposit match: the cap; fixed amount: the amount granted. */
    max_bonus_sum: amountInput.default("0"),
    /** Most bonus money that converts to cash at completion; "0" = no cap. */
    max_cashout: amountInput.default("0"),
    /** Under this bonus balance (and no cash) the bonus is lost; absent = the currency's own threshold. */
    bonus_threshold: amountInput.optional(),
    free_spins_count: z.number().int().min(0).max(BONUS_FREE_SPINS_MAX).default(0),
    free_spin_bet: amountInput.default("0"),
    cashback_percent: ratioInput(100).default("0"),
  })
  .strict();
export type CampaignCurrencyInput = z.infer<typeof campaignCurrencyInput>;

/**
 * Every term of a version. Create writes version 1 (status draft); an edit sends the whole set
 * again and writes the next version. Cross-field rules are the server's (400 VALIDATION_ERROR
 * naming the field): deposit trigger → deposit_number ≥ 1 or null; free_spins → games that allow
 * free spins, count > 0 and bet > 0 per currency; deposit_match → bonus_percent > 0; JURISDICTION=gb
 * → bonus_wager ≤ 10, product slots or live, terms required (LCCP SR 5.1.1). The type/trigger matrix
 * (ADR 038): cashback → scheduled, cumulative, cashback_percent > 0 in each currency; rakeback →
 * scheduled, cumulative, a slots or live rate > 0, bonus_wager only with payout "bonus", one active
 * or scheduled rakeback campaign at a time; coin → manual, coin_price > 0, max_bonus_sum > 0 per
 * currency; promo_code → fixed_amount, free_spins or deposit_match.
 */
export const campaignInput = z
  .object({
    bonus_name: z.string().trim().min(1).max(BONUS_NAME_MAX),
    bonus_trigger: bonusTrigger,
    bonus_type: bonusType,
    /** Deposit trigger: which successful deposit (1 = first); null = any deposit. */
    deposit_number: z.number().int().min(1).max(BONUS_DEPOSIT_NUMBER_MAX).nullable().default(null),
    /** Deposit match: bonus = deposit × percent / 100, capped by the currency's max_bonus_sum. */
    bonus_percent: ratioInput(BONUS_PERCENT_MAX).default("0"),
    /** Wagering multiplier of the bonus amount ("10" = 10×); "0" = no wagering. */
    bonus_wager: ratioInput(BONUS_WAGER_MAX).default("0"),
    /** Seconds to finish wagering once active. */
    wagering_expiration_time: seconds,
    /** Seconds to activate once offered. */
    activation_expiration_time: seconds,
    /** Share (percent) of bonus-funded winnings that stays bonus money; "0" is shown as 100. */
    winnings_distribution_percent: ratioInput(100).default("0"),
    auto_activation: z.boolean().default(false),
    /** Seconds after the grant before auto-activation (0 = at once). */
    auto_activation_time: z.number().int().min(0).max(BONUS_WINDOW_MAX_SECONDS).default(0),
    project_tag_guid: z.uuid().nullable().default(null),
    is_cumulative: z.boolean().default(false),
    deposit_defer: z.boolean().default(false),
    /** Where the bonus may be wagered; gb allows slots or live only (single-product offers). */
    product: bonusProduct.default("any"),
    /** Free spins: games (games.guid) that allow free spins; empty = any such game. */
    game_guids: uniqueUuids(BONUS_GAMES_MAX).default([]),
    icon: imageRef.default(null),
    background_image: imageRef.default(null),
    description: z.string().trim().max(BONUS_DESCRIPTION_MAX).default(""),
    /** Full terms shown before activation (required under gb). */
    terms: z.string().trim().max(BONUS_TERMS_MAX).default(""),
    segment_guids: uniqueUuids(BONUS_SEGMENTS_MAX).default([]),
    label_guids: uniqueUuids(BONUS_LABELS_PER_VERSION_MAX).default([]),
    start_date: isoDate.nullable().default(null),
    end_date: isoDate.nullable().default(null),
    /** Cashback: the period one payment covers (ignored by the other types). */
    cashback_period: cashbackPeriod.default("weekly"),
    /** Rakeback: percent of every slots / live stake accrued; "0" on the other types. */
    rakeback_slots_percent: ratioInput(100).default("0"),
    rakeback_live_percent: ratioInput(100).default("0"),
    /** Rakeback: a claim pays cash (no wagering), or a bonus with bonus_wager (ignored by the other types). */
    rakeback_payout: rakebackPayout.default("cash"),
    /** Coin: the price in loyalty coins; "0" on the other types. */
    coin_price: coinPriceInput.default("0"),
    currencies: z
      .array(campaignCurrencyInput)
      .min(1)
      .max(BONUS_CURRENCIES_MAX)
      .refine((v) => new Set(v.map((c) => c.currency.toUpperCase())).size === v.length, "must not repeat a currency"),
  })
  .strict();
export type CampaignInput = z.infer<typeof campaignInput>;
/** What the console sends (defaults not yet applied). */
export type CampaignInputDraft = z.input<typeof campaignInput>;

export const campaignsQuery = z
  .object({
    status: bonusCampaignStatus.optional(),
    trigger: bonusTrigger.optional(),
    type: bonusType.optional(),
    /** Case-insensitive part of the current version's name. */
    name: z.string().trim().max(BONUS_NAME_MAX).optional(),
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, BONUS_CAMPAIGNS_PER_PAGE_MAX).optional().describe("Default 25"),
  })
  .strict();
export type CampaignsQuery = z.infer<typeof campaignsQuery>;

export const campaignParams = z.object({ bonus_guid: z.uuid() }).strict();

/** Customer bonuses of a campaign (all its versions) by status. */
export const campaignCounts = z.object({
  offered: z.number().int(),
  active: z.number().int(),
  completed: z.number().int(),
  expired: z.number().int(),
  cancelled: z.number().int(),
  lost: z.number().int(),
  total: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCounts>;

/** Bonus money of a campaign in one currency, from the ledger (bonus_grant, bonus_conversion, bonus_forfeit, free_spin_win). */
export const campaignMoney = z.object({
  currency: z.string(),
  granted: amount,
  free_spin_winnings: amount,
  converted: amount,
  forfeited: amount,
});
export type CampaignMoney = z.infer<typeof campaignMoney>;

export const campaignRow = z
  .object({
    bonus_guid: z.uuid(),
    status: bonusCampaignStatus,
    current_version_guid: z.uuid(),
    version: z.number().int(),
    bonus_name: z.string(),
    bonus_trigger: bonusTrigger,
    bonus_type: bonusType,
    deposit_number: z.number().int().nullable(),
    product: bonusProduct,
    label_guids: z.array(z.uuid()),
    /** Currency codes the current version has terms for. */
    currencies: z.array(z.string()),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    counts: campaignCounts,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("BonusCampaignRow");
export type CampaignRow = z.infer<typeof campaignRow>;

export const campaignCurrency = z.object({
  guid: z.uuid(),
  currency_guid: z.uuid(),
  currency: z.string(),
  min_deposit_sum: amount,
  max_bonus_sum: amount,
  max_cashout: amount,
  bonus_threshold: amount,
  free_spins_count: z.number().int(),
  free_spin_bet: amount,
  cashback_percent: z.string(),
});
export type CampaignCurrency = z.infer<typeof campaignCurrency>;

/** One immutable version with every term. */
export const campaignVersion = z
  .object({
    guid: z.uuid(),
    bonus_guid: z.uuid(),
    version: z.number().int(),
    bonus_name: z.string(),
    bonus_trigger: bonusTrigger,
    bonus_type: bonusType,
    deposit_number: z.number().int().nullable(),
    bonus_percent: z.string(),
    bonus_wager: z.string(),
    wagering_expiration_time: z.number().int(),
    activation_expiration_time: z.number().int(),
    winnings_distribution_percent: z.string(),
    auto_activation: z.boolean(),
    auto_activation_time: z.number().int(),
    project_tag_guid: z.uuid().nullable(),
    is_cumulative: z.boolean(),
    deposit_defer: z.boolean(),
    product: bonusProduct,
    game_guids: z.array(z.uuid()),
    icon: z.string().nullable(),
    background_image: z.string().nullable(),
    description: z.string(),
    terms: z.string(),
    segment_guids: z.array(z.uuid()),
    label_guids: z.array(z.uuid()),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    cashback_period: cashbackPeriod,
    rakeback_slots_percent: z.string(),
    rakeback_live_percent: z.string(),
    rakeback_payout: rakebackPayout,
    coin_price: z.string(),
    currencies: z.array(campaignCurrency),
    /** Customer bonuses granted under this version. */
    customer_bonuses: z.number().int(),
    created_by: z.uuid().nullable(),
    created_at: z.string(),
  })
  .describe("BonusCampaignVersion");
export type CampaignVersion = z.infer<typeof campaignVersion>;

export const campaignDetail = z
  .object({
    bonus_guid: z.uuid(),
    status: bonusCampaignStatus,
    current: campaignVersion,
    /** Every version, newest first (at most BONUS_VERSIONS_SHOWN_MAX), the current one included. */
    versions: z.array(campaignVersion),
    counts: campaignCounts,
    money: z.array(campaignMoney),
    created_by: z.uuid().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("BonusCampaignDetail");
export type CampaignDetail = z.infer<typeof campaignDetail>;

/**
 * Status changes: schedule (draft/paused → scheduled; start_date in the future, written as a new
 * version when it differs), activate (draft/scheduled → active now), pause (active → paused),
 * resume (paused → active), end (anything but ended → ended; final).
 */
export const campaignStatusInput = z
  .object({
    action: bonusStatusAction,
    /** schedule: when it starts (must be in the future). */
    start_date: isoDate.optional(),
  })
  .strict();
export type CampaignStatusInput = z.infer<typeof campaignStatusInput>;

export const previewQuery = z
  .object({
    /** A version of this campaign; absent = the current one. */
    version_guid: z.uuid().optional(),
  })
  .strict();

export const bonusLabel = z
  .object({
    guid: z.uuid(),
    name: z.string(),
    icon: z.string().nullable(),
    background_color: z.string().nullable(),
    styles: z.record(z.string(), z.string()),
    /** Current campaign versions that carry it (a label in use cannot be deleted). */
    campaigns: z.number().int(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("BonusLabel");
export type BonusLabel = z.infer<typeof bonusLabel>;

export const bonusLabelInput = z
  .object({
    name: z.string().trim().min(1).max(BONUS_LABEL_NAME_MAX),
    icon: imageRef.default(null),
    background_color: z
      .string()
      .trim()
      .max(32)
      .regex(/^(#[0-9A-Fa-f]{3,8}|[a-z]+)$/, "must be a #hex colour or a colour name")
      .nullable()
      .default(null),
    styles: z
      .record(
        z
          .string()
          .min(1)
          .max(40)
          .regex(/^[a-zA-Z-]+$/),
        z.string().max(200),
      )
      .refine((v) => Object.keys(v).length <= BONUS_LABEL_STYLES_MAX, `at most ${BONUS_LABEL_STYLES_MAX} styles`)
      .default({}),
  })
  .strict();
export type BonusLabelInput = z.infer<typeof bonusLabelInput>;

export const labelParams = z.object({ guid: z.uuid() }).strict();

/** The player-facing view of one version: exactly what the player's GET /bonus returns (no eligibility). */
export const bonusPreview = hubBonus;
export type BonusPreview = HubBonus;

export const playerParams = z.object({ id: z.uuid() }).strict();
export const playerBonusParams = z.object({ id: z.uuid(), guid: z.uuid() }).strict();

export const playerBonusesQuery = z
  .object({
    status: customerBonusStatus.optional(),
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, PLAYER_BONUSES_PER_PAGE_MAX).optional().describe("Default 25"),
  })
  .strict();
export type PlayerBonusesQuery = z.infer<typeof playerBonusesQuery>;

/** One customer bonus of a player, newest first. */
export const playerBonusRow = z
  .object({
    guid: z.uuid(),
    bonus_guid: z.uuid(),
    bonus_version_guid: z.uuid(),
    version: z.number().int(),
    bonus_name: z.string(),
    bonus_trigger: bonusTrigger,
    bonus_type: bonusType,
    status: customerBonusStatus,
    wallet_guid: z.uuid(),
    currency: z.string(),
    bonus_amount: amount,
    wager_amount: amount,
    /** Wagering still to do (the wallet's wager) while active; null otherwise. */
    wager_remaining: amount.nullable(),
    win_sum: amount,
    max_cashout: amount,
    free_spin_count: z.number().int(),
    free_spin_amount: amount,
    converted_amount: amount.nullable(),
    forfeited_amount: amount.nullable(),
    activation_expiration_date: z.string().nullable(),
    wagering_expiration_date: z.string().nullable(),
    activated_at: z.string().nullable(),
    finished_at: z.string().nullable(),
    /** Staff member (staff_users.guid) who granted it by hand. */
    granted_by: z.uuid().nullable(),
    comment: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("PlayerBonusRow");
export type PlayerBonusRow = z.infer<typeof playerBonusRow>;

/**
 * A manual grant of an active campaign (any trigger: staff may grant any offer by hand). Exactly
 * once per idempotency_key (a double click grants once).
 */
export const manualGrantInput = z
  .object({
    bonus_guid: z.uuid(),
    currency: z.string().trim().min(2).max(16),
    /**
     * deposit_match: the deposit amount the match is computed from (required); fixed_amount, coin and
     * cashback: the bonus amount, replacing the version's (required for cashback); free_spins: refused.
     * A rakeback campaign is never granted by hand (it accrues from play and the player claims it).
     */
    amount: amountInput.optional(),
    comment: z.string().trim().min(3).max(BONUS_COMMENT_MAX),
    /** The console's key for this request: a retry answers the same customer bonus. */
    idempotency_key: z
      .string()
      .min(8)
      .max(IDEMPOTENCY_KEY_MAX)
      .regex(/^[A-Za-z0-9_.:-]+$/, "letters, digits and _.:- only"),
  })
  .strict();
export type ManualGrantInput = z.infer<typeof manualGrantInput>;

export const manualGrantResult = z.object({
  /** granted: new; duplicate: this idempotency key already granted it. */
  status: z.enum(["granted", "duplicate"]),
  customer_bonus: playerBonusRow,
});
export type ManualGrantResult = z.infer<typeof manualGrantResult>;

export const staffCancelInput = z
  .object({
    reason: z.string().trim().min(3).max(BONUS_COMMENT_MAX),
  })
  .strict();
export type StaffCancelInput = z.infer<typeof staffCancelInput>;

export const staffCancelResult = z.object({
  customer_bonus_guid: z.uuid(),
  status: z.literal("cancelled"),
  forfeited_amount: amount,
});
export type StaffCancelResult = z.infer<typeof staffCancelResult>;
