import { z } from "zod";

// Responsible-gaming limits (issue #16, ADR 021): deposit, net loss and wager limits per rolling
// day, week and month, each in one currency (a player with wallets in several currencies sets
// limits per currency), and a session-time limit per login session.
//
// Player API under /api/v1/responsible-gaming/limits:
//   GET    /                    the player's limits with usage and any pending change
//   PUT    /                    set one limit (a new or lower one applies at once; a higher one is pending)
//   DELETE /:guid               remove one (pending, like an increase)
//   POST   /:guid/confirm       confirm a pending increase or removal once its cooling-off is over
//   POST   /:guid/cancel        drop a pending increase or removal (the current limit stays)
// Staff API under /api/backoffice/v1/players/:id/limits (players.read to view, protection.manage to
// set a stricter limit on the player's behalf, audited).

// The constants live in a zod-free module so the web app's first load can use them without zod.
export {
  MONEY_LIMIT_TYPES,
  LIMIT_TYPES,
  LIMIT_PERIODS,
  LIMIT_PERIOD_INTERVALS,
  LIMIT_COOLING_OFF_HOURS,
  LIMIT_AMOUNT_MAX,
  SESSION_LIMIT_MINUTES_MIN,
  SESSION_LIMIT_MINUTES_MAX,
  LIMIT_HISTORY_MAX,
  type LimitType,
  type MoneyLimitType,
  type LimitPeriod,
} from "../limit-constants.ts";
import {
  LIMIT_PERIODS,
  LIMIT_TYPES,
  MONEY_LIMIT_TYPES,
  SESSION_LIMIT_MINUTES_MAX,
  SESSION_LIMIT_MINUTES_MIN,
} from "../limit-constants.ts";

/** A plain positive decimal string (digits, an optional fraction); the currency's decimals are checked by the server. */
const limitAmount = z
  .string()
  .max(40)
  .regex(/^\d{1,10}(\.\d{1,18})?$/, "must be a positive decimal amount such as 100 or 25.50");

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/);

export const setMoneyLimitBody = z.object({
  limit_type: z.enum(MONEY_LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS),
  currency_guid: z.uuid(),
  amount: limitAmount,
});
export const setSessionLimitBody = z.object({
  limit_type: z.literal("session_time"),
  minutes: z.number().int().min(SESSION_LIMIT_MINUTES_MIN).max(SESSION_LIMIT_MINUTES_MAX),
});
/** PUT /api/v1/responsible-gaming/limits: one limit, named by its type, period and currency. */
export const setLimitBody = z.discriminatedUnion("limit_type", [
  setMoneyLimitBody.extend({ limit_type: z.literal("deposit") }),
  setMoneyLimitBody.extend({ limit_type: z.literal("loss") }),
  setMoneyLimitBody.extend({ limit_type: z.literal("wager") }),
  setSessionLimitBody,
]);
export type SetLimitBody = z.infer<typeof setLimitBody>;

export const limitIdParams = z.object({ guid: z.uuid() });

export const pendingLimitChange = z.object({
  /** The new amount (money limits) or minutes (session time); both null for a removal. */
  amount: decimalString.nullable(),
  minutes: z.number().int().nullable(),
  removal: z.boolean(),
  requested_at: z.string(),
  /** From this moment the player may confirm it; until then the current limit holds. */
  effective_at: z.string(),
  confirmable: z.boolean(),
});
export type PendingLimitChange = z.infer<typeof pendingLimitChange>;

export const playerLimit = z.object({
  guid: z.uuid(),
  limit_type: z.enum(LIMIT_TYPES),
  /** Null for the session-time limit. */
  period: z.enum(LIMIT_PERIODS).nullable(),
  currency_guid: z.uuid().nullable(),
  currency_code: z.string().nullable(),
  decimals: z.number().int().nullable(),
  /** Money limits: the limit in its currency. */
  amount: decimalString.nullable(),
  /** Session-time limit: minutes per login session. */
  minutes: z.number().int().nullable(),
  /** Money limits: what counts against it in the window (deposits; stakes; stakes − wins, never below 0). */
  used: decimalString.nullable(),
  /** Money limits: amount − used, never below 0. */
  remaining: decimalString.nullable(),
  /** Session-time limit: minutes of the current login session so far. */
  used_minutes: z.number().int().nullable(),
  pending: pendingLimitChange.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlayerLimit = z.infer<typeof playerLimit>;

export const playerLimits = z.object({
  limits: z.array(playerLimit),
  cooling_off_hours: z.number().int(),
});
export type PlayerLimits = z.infer<typeof playerLimits>;

/** What a PUT did: applied at once (new or lower), or left pending (higher), or nothing (same value). */
export const setLimitResult = z.object({
  outcome: z.enum(["applied", "pending", "unchanged"]),
  limit: playerLimit,
});
export type SetLimitResult = z.infer<typeof setLimitResult>;

export const removeLimitResult = z.object({ limit: playerLimit });

export const LIMIT_CHANGE_ACTIONS = [
  "set",
  "decreased",
  "increase_requested",
  "removal_requested",
  "increase_confirmed",
  "removal_confirmed",
  "pending_cancelled",
] as const;
export type LimitChangeAction = (typeof LIMIT_CHANGE_ACTIONS)[number];

export const limitChange = z.object({
  guid: z.uuid(),
  limit_type: z.enum(LIMIT_TYPES),
  period: z.enum(LIMIT_PERIODS).nullable(),
  currency_code: z.string().nullable(),
  action: z.enum(LIMIT_CHANGE_ACTIONS),
  old_amount: decimalString.nullable(),
  new_amount: decimalString.nullable(),
  old_minutes: z.number().int().nullable(),
  new_minutes: z.number().int().nullable(),
  effective_at: z.string(),
  /** "player", or "staff" for a stricter limit set on the player's behalf. */
  actor: z.enum(["player", "staff"]),
  created_at: z.string(),
});
export type LimitChange = z.infer<typeof limitChange>;

/** GET /api/backoffice/v1/players/:id/limits */
export const staffPlayerLimits = playerLimits.extend({
  history: z.array(limitChange),
  /** The player's wallet currencies: the ones a money limit can be set in. */
  currencies: z.array(z.object({ guid: z.uuid(), code: z.string(), decimals: z.number().int() })),
});
export type StaffPlayerLimits = z.infer<typeof staffPlayerLimits>;

/** PUT /api/backoffice/v1/players/:id/limits: only a stricter (new or lower) limit, applied at once. */
const staffReason = { reason: z.string().trim().min(3).max(300) };
export const staffSetLimitBody = z.discriminatedUnion("limit_type", [
  setMoneyLimitBody.extend({ limit_type: z.literal("deposit"), ...staffReason }),
  setMoneyLimitBody.extend({ limit_type: z.literal("loss"), ...staffReason }),
  setMoneyLimitBody.extend({ limit_type: z.literal("wager"), ...staffReason }),
  setSessionLimitBody.extend(staffReason),
]);
export type StaffSetLimitBody = z.infer<typeof staffSetLimitBody>;
