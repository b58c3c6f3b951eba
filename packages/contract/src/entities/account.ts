import { z } from "zod";
import { decimalString } from "./currency.ts";

// The account pages' own calls (issue #16, ADR 024): GET /account/dashboard (the player's net
// position over time, from the ledger) and GET /account/history (account events).

/** The dashboard's ranges, in days ending today (UTC). */
export const DASHBOARD_RANGES = [7, 30, 90] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

export const dashboardQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .refine((days): days is DashboardRange => (DASHBOARD_RANGES as readonly number[]).includes(days), "7, 30 or 90")
    .default(30),
});
export type DashboardQuery = z.input<typeof dashboardQuery>;

/** One UTC day of one currency's money, from the player's cash account in the ledger. */
export const dashboardDay = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  deposits: decimalString,
  /** Withdrawals requested, less those refunded (declined, failed or cancelled). */
  withdrawals: decimalString,
  /** Cash staked, less stakes rolled back. */
  stakes: decimalString,
  /** Cash won, less wins rolled back. */
  wins: decimalString,
  /** Running total since the range began: deposits − withdrawals. */
  net_deposits: decimalString,
  /** Running total since the range began: stakes − wins (positive: the player is down). */
  net_loss: decimalString,
});
export type DashboardDay = z.infer<typeof dashboardDay>;

export const dashboardCurrency = z.object({
  currency_guid: z.uuid(),
  currency_code: z.string(),
  /** The range's totals; net_deposits and net_loss as in the last day. */
  totals: dashboardDay.omit({ date: true }),
  /** Every day of the range, oldest first (days without activity are zeros). */
  days: z.array(dashboardDay),
});
export type DashboardCurrency = z.infer<typeof dashboardCurrency>;

export const accountDashboard = z
  .object({
    range_days: z.number().int(),
    /** First and last day of the range (UTC, YYYY-MM-DD). */
    from: z.string(),
    to: z.string(),
    /** Currencies with any activity in the range; empty: "No activity yet". */
    currencies: z.array(dashboardCurrency),
  })
  .describe("Account dashboard");
export type AccountDashboard = z.infer<typeof accountDashboard>;

/** History's filter groups. */
export const HISTORY_KINDS = ["login", "credentials", "limit", "exclusion", "document"] as const;
export const historyKind = z.enum(HISTORY_KINDS);
export type HistoryKind = z.infer<typeof historyKind>;

export const HISTORY_PER_PAGE_MAX = 50;
/** Deeper than this the player narrows by kind: offsets past it cost every source table a scan. */
export const HISTORY_PAGE_MAX = 100;

export const historyQuery = z.object({
  kind: historyKind.optional(),
  page: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(1),
  per_page: z.coerce.number().int().min(1).max(HISTORY_PER_PAGE_MAX).default(20),
});
export type HistoryQuery = z.input<typeof historyQuery>;

export const historyEntry = z
  .object({
    /** Stable per entry: the source row's id with the event's action. */
    id: z.string(),
    kind: historyKind,
    /** What happened: login, password_changed, email_changed, limit_set, limit_decreased, …, document_approved. */
    action: z.string(),
    /** Rendered by the server. */
    title: z.string(),
    /** One line of detail (device and address, the limit's amount, the reviewer's decision), may be empty. */
    description: z.string(),
    /** Raw facts behind the text (ip, device, amount, currency, period, ends_at, document_type, …). */
    details: z.record(z.string(), z.string()),
    created_at: z.string(),
  })
  .describe("Account history entry");
export type HistoryEntry = z.infer<typeof historyEntry>;

export const accountHistoryPage = z
  .object({
    items: z.array(historyEntry),
    page: z.number().int(),
    per_page: z.number().int(),
    has_more: z.boolean(),
  })
  .describe("Account history page");
export type AccountHistoryPage = z.infer<typeof accountHistoryPage>;
