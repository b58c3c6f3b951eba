import { z } from "zod";

// Money review in the back office (issue #15, capabilities 2 and 3; ADR 018), under /api/backoffice/v1.
// Permissions: "adjustments.request" to ask for and list adjustments, "adjustments.approve" to approve or
// reject another's, "withdrawals.read" for the review queue and detail, "withdrawals.decide" to approve or
// decline a withdrawal.

export const MONEY_REVIEW_PAGE_MAX = 100;
export const ADJUSTMENT_REASON_MAX = 500;
export const DECISION_REASON_MAX = 500;
export const IDEMPOTENCY_KEY_MAX = 128;
/** Days back that a password or email change counts as recent in the withdrawal risk signals. */
export const RECENT_CREDENTIAL_CHANGE_DAYS = 14;
/** Days of play the win-rate signal covers. */
export const WIN_RATE_WINDOW_DAYS = 30;
/** Wins above this share of stakes (percent) over the window are flagged: far above any game's RTP. */
export const UNUSUAL_RETURN_PERCENT = 150;

/** A decimal string as the database keeps money: never a JS number. */
const decimal = z.string().regex(/^-?\d+(\.\d+)?$/);
/** An amount as staff type it: a plain positive decimal, the currency's decimals checked by the server. */
const amountInput = z
  .string()
  .max(40)
  .regex(/^\d+(\.\d+)?$/, "must be a plain decimal string");
const cursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, "must be a cursor this API returned");
const reason = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), next_cursor: z.string().nullable() });

export const idParams = z.object({ id: z.uuid() });

// ── Adjustments ────────────────────────────────────────────────────────────────

export const adjustmentPocket = z.enum(["cash", "bonus"]);
export const adjustmentDirection = z.enum(["credit", "debit"]);
export const adjustmentStatus = z.enum(["pending", "applied", "rejected"]);
export type AdjustmentStatus = z.infer<typeof adjustmentStatus>;

export const createAdjustmentInput = z
  .object({
    wallet_guid: z.uuid(),
    pocket: adjustmentPocket,
    direction: adjustmentDirection,
    amount: amountInput,
    reason: reason(ADJUSTMENT_REASON_MAX),
    /** The console's key for this request: a retry answers the same adjustment and never moves money twice. */
    idempotency_key: z
      .string()
      .min(8)
      .max(IDEMPOTENCY_KEY_MAX)
      .regex(/^[A-Za-z0-9_.:-]+$/, "letters, digits and _.:- only"),
  })
  .strict();
export type CreateAdjustmentInput = z.infer<typeof createAdjustmentInput>;

export const adjustmentsQuery = z.object({
  status: adjustmentStatus.optional(),
  player_guid: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(MONEY_REVIEW_PAGE_MAX).default(25),
  cursor: cursor.optional(),
});
export type AdjustmentsQuery = z.infer<typeof adjustmentsQuery>;

export const decisionInput = z.object({ reason: reason(DECISION_REASON_MAX) }).strict();
export type DecisionInput = z.infer<typeof decisionInput>;

export const adjustment = z
  .object({
    id: z.uuid(),
    player_guid: z.uuid(),
    player_email: z.string(),
    wallet_guid: z.uuid(),
    currency_code: z.string(),
    currency_decimals: z.number().int(),
    pocket: adjustmentPocket,
    direction: adjustmentDirection,
    amount: decimal,
    /** In the default currency at request time; null when no exchange rate was known. */
    base_amount: decimal.nullable(),
    reason: z.string(),
    status: adjustmentStatus,
    requires_approval: z.boolean(),
    requested_by: z.uuid(),
    requested_by_email: z.string(),
    decided_by: z.uuid().nullable(),
    decided_by_email: z.string().nullable(),
    decision_reason: z.string().nullable(),
    decided_at: z.string().nullable(),
    transfer_guid: z.uuid().nullable(),
    created_at: z.string(),
  })
  .describe("Manual adjustment");
export type Adjustment = z.infer<typeof adjustment>;
export const adjustmentPage = pageOf(adjustment);
export type AdjustmentPage = z.infer<typeof adjustmentPage>;

// ── Withdrawal review ──────────────────────────────────────────────────────────

export const withdrawalReviewStatus = z.enum(["in_review", "approved", "auto_approved", "declined"]);
export type WithdrawalReviewStatus = z.infer<typeof withdrawalReviewStatus>;

export const withdrawalsQuery = z.object({
  /** Default in_review: the queue (oldest first); any other status lists newest first. */
  status: withdrawalReviewStatus.default("in_review"),
  limit: z.coerce.number().int().min(1).max(MONEY_REVIEW_PAGE_MAX).default(25),
  cursor: cursor.optional(),
});
export type WithdrawalsQuery = z.infer<typeof withdrawalsQuery>;

export const withdrawalRiskSignals = z.object({
  is_verified: z.boolean(),
  /** Lifetime successful deposits and withdrawals of this player in the withdrawal's currency. */
  deposits_total: decimal,
  withdrawals_total: decimal,
  /** Set when the change is within RECENT_CREDENTIAL_CHANGE_DAYS. */
  password_changed_at: z.string().nullable(),
  email_changed_at: z.string().nullable(),
  /** Other players who saved the same card (BIN, last 4, expiry) or used the same payout address. */
  shared_destination_players: z.number().int(),
  /** Over WIN_RATE_WINDOW_DAYS in the withdrawal's currency. */
  stakes_30d: decimal,
  wins_30d: decimal,
  /** wins / stakes in percent (2 decimals); null without stakes. */
  return_percent_30d: decimal.nullable(),
  /** Short codes of the signals that deserve a look: unverified, withdrawing_more_than_deposited, … */
  flags: z.array(z.string()),
});
export type WithdrawalRiskSignals = z.infer<typeof withdrawalRiskSignals>;

export const withdrawalReviewItem = z
  .object({
    id: z.uuid(),
    player_guid: z.uuid(),
    player_email: z.string(),
    wallet_guid: z.uuid(),
    currency_code: z.string(),
    currency_decimals: z.number().int(),
    amount: decimal,
    base_amount: decimal.nullable(),
    /** The player-facing status (pending, successful, failed, cancelled). */
    status: z.string(),
    review_status: withdrawalReviewStatus,
    method: z.string(),
    /** "424242******4242" or the payout address. */
    destination: z.string().nullable(),
    reviewed_by_email: z.string().nullable(),
    reviewed_at: z.string().nullable(),
    created_at: z.string(),
    risk: withdrawalRiskSignals,
  })
  .describe("Withdrawal under review");
export type WithdrawalReviewItem = z.infer<typeof withdrawalReviewItem>;
export const withdrawalReviewPage = pageOf(withdrawalReviewItem);
export type WithdrawalReviewPage = z.infer<typeof withdrawalReviewPage>;

export const withdrawalLogEntry = z.object({
  event_type: z.string(),
  executor: z.string(),
  comment: z.string().nullable(),
  reason: z.string().nullable(),
  changed_at: z.string(),
});

export const withdrawalDetail = withdrawalReviewItem
  .extend({
    cash_balance: decimal,
    bonus_balance: decimal,
    logs: z.array(withdrawalLogEntry),
  })
  .describe("Withdrawal under review (detail)");
export type WithdrawalDetail = z.infer<typeof withdrawalDetail>;
