import { z } from "zod";
import { bonusCampaignStatus, cashbackPeriod } from "../entities/bonus.ts";

// Cashback runs in the back office (issue #18, ADR 035), under /api/backoffice/v1. Permission
// "bonuses.manage" for every call (marketing, admin). A cashback campaign's periods are contiguous:
// each run starts where the previous one ended; "close the period now" ends the running period at
// once (the next period then starts there), so nothing is counted twice or skipped.
//
// Routes:
//   GET  /cashback/campaigns                               → cashbackCampaignRow[] (at most CASHBACK_CAMPAIGNS_MAX)
//   GET  /cashback/campaigns/:bonus_guid/runs              cashbackRunsQuery → listEnvelope(cashbackRunRow)
//   POST /cashback/campaigns/:bonus_guid/close-period      closePeriodInput → cashbackRunRow (audited)
//   GET  /cashback/runs/:run_guid/payouts                  cashbackPayoutsQuery → listEnvelope(cashbackPayoutRow)

export const CASHBACK_CAMPAIGNS_MAX = 100;
export const CASHBACK_RUNS_PER_PAGE_MAX = 100;
export const CASHBACK_PAYOUTS_PER_PAGE_MAX = 200;
export const CASHBACK_COMMENT_MAX = 500;

export const cashbackRunStatus = z.enum(["counting", "paying", "completed"]);
export type CashbackRunStatus = z.infer<typeof cashbackRunStatus>;
export const cashbackPayoutStatus = z.enum(["pending", "paid", "skipped"]);
export type CashbackPayoutStatus = z.infer<typeof cashbackPayoutStatus>;

/** A decimal string as the database keeps money: never a JS number. */
const amount = z.string().regex(/^-?\d+(\.\d+)?$/);
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .max(8)
    .refine((v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `must be a whole number from ${min} to ${max}`);

export const cashbackCampaignParams = z.object({ bonus_guid: z.uuid() }).strict();
export const cashbackRunParams = z.object({ run_guid: z.uuid() }).strict();

/** A cashback campaign with the period running now (what "close now" would close). */
export const cashbackCampaignRow = z
  .object({
    bonus_guid: z.uuid(),
    bonus_name: z.string(),
    status: bonusCampaignStatus,
    cashback_period: cashbackPeriod,
    /** The running period: from the last run's end (or the campaign's start) to its calendar end. */
    current_period_start: z.string(),
    current_period_end: z.string(),
    runs_count: z.number().int(),
    last_run_status: cashbackRunStatus.nullable(),
  })
  .describe("Cashback campaign");
export type CashbackCampaignRow = z.infer<typeof cashbackCampaignRow>;

/** Paid money of a run in one currency. */
export const cashbackRunTotal = z.object({ currency: z.string(), amount, count: z.number().int() });
export type CashbackRunTotal = z.infer<typeof cashbackRunTotal>;

export const cashbackRunRow = z
  .object({
    guid: z.uuid(),
    bonus_guid: z.uuid(),
    version_guid: z.uuid(),
    period_start: z.string(),
    period_end: z.string(),
    status: cashbackRunStatus,
    closed_by: z.enum(["schedule", "staff"]),
    staff_guid: z.uuid().nullable(),
    /** Wallets with cash play in the period (in a currency the campaign has terms for). */
    wallets_count: z.number().int(),
    paid_count: z.number().int(),
    skipped_count: z.number().int(),
    pending_count: z.number().int(),
    totals: z.array(cashbackRunTotal),
    created_at: z.string(),
    completed_at: z.string().nullable(),
  })
  .describe("Cashback run");
export type CashbackRunRow = z.infer<typeof cashbackRunRow>;

export const cashbackRunsQuery = z
  .object({
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, CASHBACK_RUNS_PER_PAGE_MAX).optional().describe("Default 25"),
  })
  .strict();
export type CashbackRunsQuery = z.infer<typeof cashbackRunsQuery>;

export const closePeriodInput = z
  .object({
    /** Why the period is closed early (kept in the audit log). */
    comment: z.string().trim().max(CASHBACK_COMMENT_MAX).optional(),
  })
  .strict();
export type ClosePeriodInput = z.infer<typeof closePeriodInput>;

export const cashbackPayoutRow = z
  .object({
    wallet_guid: z.uuid(),
    customer_guid: z.uuid(),
    email: z.string().nullable(),
    currency: z.string(),
    staked: amount,
    returned: amount,
    /** staked − returned (negative when the player won). */
    net_loss: amount,
    /** The cashback granted or to grant; null until computed. */
    amount: amount.nullable(),
    status: cashbackPayoutStatus,
    customer_bonus_guid: z.uuid().nullable(),
    reason: z.string().nullable(),
  })
  .describe("Cashback payout");
export type CashbackPayoutRow = z.infer<typeof cashbackPayoutRow>;

export const cashbackPayoutsQuery = z
  .object({
    status: cashbackPayoutStatus.optional(),
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, CASHBACK_PAYOUTS_PER_PAGE_MAX).optional().describe("Default 50"),
  })
  .strict();
export type CashbackPayoutsQuery = z.infer<typeof cashbackPayoutsQuery>;
