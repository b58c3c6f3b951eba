import { z } from "zod";

// Back-office reports (issue #15, capability 4): every figure is computed in SQL from the ledger
// (ledger_transfers and the kinds of the accounts they move between), so the reports reconcile with
// `npm run reconcile`. Money is a decimal string, exact (never rounded, never a JS number).
// Days are calendar days of a time zone, UTC unless `tz` names another (IANA, e.g. Europe/Malta):
// `from` and `to` are inclusive dates, the window is [from 00:00, to + 1 day 00:00) in that zone.

export const REPORT_RANGE_DAYS_MAX = 366;
/** Rows of one CSV export at most (a year of days × every currency, or the busiest games). */
export const REPORT_EXPORT_ROWS_MAX = 50_000;
export const REPORT_PER_PAGE_MAX = 100;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z
  .string()
  .max(10)
  .refine(
    (v) =>
      ISO_DATE.test(v) &&
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
      new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: "must be a date YYYY-MM-DD",
    },
  );

const DAY_MS = 86_400_000;

/** Whole days from `from` to `to`, both included (1 for a single day). */
export function reportDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

const rangeShape = {
  from: isoDate.describe("First day, UTC, inclusive (YYYY-MM-DD)"),
  to: isoDate.describe(`Last day, UTC, inclusive (YYYY-MM-DD); at most ${REPORT_RANGE_DAYS_MAX} days after from`),
  currency: z
    .string()
    .regex(/^[A-Z0-9]{2,10}$/, "must be a currency code such as USD")
    .optional()
    .describe("Only this currency (code); every currency when absent"),
  tz: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/, "must be an IANA time zone such as Europe/Malta")
    .optional()
    .describe("Time zone of the days (IANA name); default UTC"),
};

type Range = { from: string; to: string };
const checkRange = (value: Range, ctx: z.RefinementCtx) => {
  if (!ISO_DATE.test(value.from) || !ISO_DATE.test(value.to)) return;
  const days = reportDays(value.from, value.to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
  else if (days > REPORT_RANGE_DAYS_MAX)
    ctx.addIssue({ code: "custom", path: ["to"], message: `must be at most ${REPORT_RANGE_DAYS_MAX} days after from` });
};

export const reportRangeQuery = z.object(rangeShape).strict().superRefine(checkRange);
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .max(7)
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max,
      `must be a whole number from ${min} to ${max}`,
    );

export const gameReportSorts = ["ggr", "stakes", "wins", "rounds", "players", "game_name"] as const;

export const gameReportQuery = z
  .object({
    ...rangeShape,
    provider: z.string().min(1).max(32).optional().describe("Only games of this game provider (code)"),
    sort: z.enum(gameReportSorts).optional().describe("Sort column; default ggr"),
    order: z.enum(["asc", "desc"]).optional().describe("Default desc (asc for game_name)"),
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, REPORT_PER_PAGE_MAX).optional().describe(`Default 50, at most ${REPORT_PER_PAGE_MAX}`),
  })
  .strict()
  .superRefine(checkRange);
export type GameReportQuery = z.infer<typeof gameReportQuery>;

export const gameReportExportQuery = z
  .object({
    ...rangeShape,
    provider: gameReportQuery.shape.provider,
    sort: gameReportQuery.shape.sort,
    order: gameReportQuery.shape.order,
  })
  .strict()
  .superRefine(checkRange);

const money = z.string().describe("Exact decimal string");

export const dailyReportRow = z
  .object({
    /** Calendar day in the report's time zone, YYYY-MM-DD. */
    date: z.string(),
    currency: z.string(),
    /** Settled deposits: payment clearing → player cash. */
    deposits: money,
    /** Paid withdrawals: withdrawal reserve → payment clearing (requests still pending are not paid). */
    withdrawals: money,
    /** Stakes paid to game providers (cash and bonus money), less the stakes rolled back. */
    stakes: money,
    /** Winnings paid by game providers (free-spin winnings are bonus cost, not here). */
    wins: money,
    /** Net flow into the game providers' house accounts: stakes − wins. */
    ggr: money,
    /** Net flow out of the bonus cost account: bonus grants and free-spin winnings, less forfeits. */
    bonus_cost: money,
    /** ggr − bonus_cost. */
    ngr: money,
    /**
     * Staff's manual adjustments: net flow out of the operator adjustment account (credits to players
     * less debits). Not part of NGR; with it the books close: what players hold changes by
     * deposits − withdrawals − NGR + adjustments.
     */
    adjustments: money,
    /** Distinct players with at least one bet. */
    active_players: z.number().int(),
    /** Players whose first deposit ever (any currency) settled that day, in this currency. */
    first_time_depositors: z.number().int(),
  })
  .describe("DailyReportRow");
export type DailyReportRow = z.infer<typeof dailyReportRow>;

/** The whole window of one currency; active_players counts each player once across the window. */
export const reportTotalsRow = dailyReportRow.omit({ date: true }).describe("ReportTotalsRow");
export type ReportTotalsRow = z.infer<typeof reportTotalsRow>;

export const dailyReport = z
  .object({
    from: z.string(),
    to: z.string(),
    /** The zone whose calendar days these are. */
    time_zone: z.string(),
    /** One row per day and currency, days without activity included (zeros), day then currency order. */
    days: z.array(dailyReportRow),
    totals: z.array(reportTotalsRow),
  })
  .describe("DailyReport");
export type DailyReport = z.infer<typeof dailyReport>;

export const providerReportRow = z
  .object({
    /** Game provider code (the integration that ran the games, "house" for the built-in one). */
    provider: z.string(),
    currency: z.string(),
    stakes: money,
    wins: money,
    ggr: money,
    /** Distinct rounds with a bet. */
    rounds: z.number().int(),
    players: z.number().int(),
  })
  .describe("ProviderReportRow");
export type ProviderReportRow = z.infer<typeof providerReportRow>;

export const providerReport = z
  .object({ from: z.string(), to: z.string(), time_zone: z.string(), rows: z.array(providerReportRow) })
  .describe("ProviderReport");
export type ProviderReport = z.infer<typeof providerReport>;

export const gameReportRow = providerReportRow
  .extend({
    /** Null when the catalogue no longer knows the game. */
    game_guid: z.uuid().nullable(),
    /** The provider's game code. */
    game_code: z.string(),
    game_name: z.string().nullable(),
    /** The studio shown in the lobby. */
    studio: z.string().nullable(),
  })
  .describe("GameReportRow");
export type GameReportRow = z.infer<typeof gameReportRow>;

/** The currencies a report can be asked for, with the decimals to show their amounts with. */
export const reportCurrency = z.object({ code: z.string(), decimals: z.number().int() }).describe("ReportCurrency");
export type ReportCurrency = z.infer<typeof reportCurrency>;
export const reportCurrencies = z.array(reportCurrency);
export const gameReportRows = z.array(gameReportRow);
