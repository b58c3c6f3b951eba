import { z } from "zod";
import { decimalString } from "./currency.ts";

/** The intervals a player may choose, in minutes; 0 = off (only where the jurisdiction allows it). */
export const REALITY_CHECK_INTERVALS = [15, 30, 45, 60, 90, 120] as const;

/** GET /api/v1/responsible-gaming/reality-check: the player's interval and what the profile allows. */
export const realityCheckSetting = z.object({
  /** Minutes between two checks; 0 = off. */
  interval_minutes: z.number().int().min(0),
  /** True when the player never chose and the jurisdiction's default applies. */
  is_default: z.boolean(),
  default_minutes: z.number().int().min(0),
  /** False under profiles that require the check (gb). */
  may_turn_off: z.boolean(),
  choices: z.array(z.number().int()),
});
export type RealityCheckSetting = z.infer<typeof realityCheckSetting>;

/** PUT /api/v1/responsible-gaming/reality-check. */
export const realityCheckSettingBody = z.object({
  interval_minutes: z.union([z.literal(0), ...REALITY_CHECK_INTERVALS.map((m) => z.literal(m))]),
});
export type RealityCheckSettingBody = z.infer<typeof realityCheckSettingBody>;

/** Stakes and wins in one currency since the login (free spins excluded; rollbacks refund their stake). */
export const realityCheckMoney = z.object({
  currency: z.string(),
  stakes: decimalString,
  wins: decimalString,
  /** wins − stakes: negative is a loss. */
  net: decimalString,
});

/** GET /api/v1/responsible-gaming/reality-check/summary: this login session so far. */
export const realityCheckSummary = z.object({
  interval_minutes: z.number().int().min(0),
  /** When this login session started. */
  started_at: z.string(),
  elapsed_seconds: z.number().int().min(0),
  /** When the next check falls due (null when off). */
  next_due_at: z.string().nullable(),
  /** True while a check is due and not answered: bets are refused (PLAYER_BLOCKED) until it is. */
  due: z.boolean(),
  results: z.array(realityCheckMoney),
});
export type RealityCheckSummary = z.infer<typeof realityCheckSummary>;

/** POST /api/v1/responsible-gaming/reality-check/acknowledge: "continue" or "leave". */
export const realityCheckAnswerBody = z.object({ action: z.enum(["continue", "leave"]) });
export type RealityCheckAnswerBody = z.infer<typeof realityCheckAnswerBody>;

/** GET /players/:id/reality-check (back office): the player's setting and their last answer. */
export const staffRealityCheck = realityCheckSetting.omit({ choices: true }).extend({
  acknowledged_at: z.string().nullable(),
});
export type StaffRealityCheck = z.infer<typeof staffRealityCheck>;
