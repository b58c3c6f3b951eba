// Responsible-gaming limit constants (ADR 021), without zod: the web app's first-load code uses them, and
// the schemas in entities/limits.ts (which re-exports these) would pull zod into every page.

export const MONEY_LIMIT_TYPES = ["deposit", "loss", "wager"] as const;
export const LIMIT_TYPES = [...MONEY_LIMIT_TYPES, "session_time"] as const;
export type LimitType = (typeof LIMIT_TYPES)[number];
export type MoneyLimitType = (typeof MONEY_LIMIT_TYPES)[number];

/** Rolling windows ending now. */
export const LIMIT_PERIODS = ["day", "week", "month"] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];

/** The PostgreSQL interval of each rolling window (usage is summed in SQL from now() minus this). */
export const LIMIT_PERIOD_INTERVALS = {
  day: "24 hours",
  week: "7 days",
  month: "30 days",
} as const satisfies Record<LimitPeriod, string>;

/** An increase or a removal waits this long, then the player confirms it (PLAYER_PROTECTION 16). */
export const LIMIT_COOLING_OFF_HOURS = 24;
/** The largest money limit accepted, in whole units of its currency. */
export const LIMIT_AMOUNT_MAX = "1000000000";
export const SESSION_LIMIT_MINUTES_MIN = 5;
/** A session-time limit of a full day is the longest that still limits anything. */
export const SESSION_LIMIT_MINUTES_MAX = 24 * 60;
/** The staff history of a player's limit changes shows at most this many, newest first. */
export const LIMIT_HISTORY_MAX = 100;
