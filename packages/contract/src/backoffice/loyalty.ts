import { z } from "zod";
import { decimalString } from "../entities/currency.ts";
import { loyaltyLevel } from "../entities/loyalty.ts";

// Loyalty levels, mining settings and players' coins in the back office (issue #18, ADR 036), under
// /api/backoffice/v1. Permission "bonuses.manage" for every call; every change is audited.
//
// Routes:
//   GET    /loyalty/levels                          → loyaltyLevel[]
//   POST   /loyalty/levels                          loyaltyLevelInput → loyaltyLevel
//   PUT    /loyalty/levels/:level                   loyaltyLevelInput (level ignored) → loyaltyLevel
//   DELETE /loyalty/levels/:level                   → { level }
//   GET    /loyalty/mining-settings                 → miningSettings
//   PUT    /loyalty/mining-settings                 miningSettingsInput → miningSettings
//   GET    /loyalty/players/:player_guid            → playerLoyalty (level, volume, coins, recent transfers)
//   POST   /loyalty/players/:player_guid/coins      coinAdjustmentInput → playerLoyalty

export { loyaltyLevel };
export const LOYALTY_LEVELS_MAX = 100;
export const COIN_TRANSFERS_SHOWN = 50;

/** Plain non-negative decimal with at most `fraction` decimals. */
const decimalInput = (whole: number, fraction: number) =>
  z
    .string()
    .max(40)
    .regex(new RegExp(`^(0|[1-9]\\d{0,${whole - 1}})(\\.\\d{1,${fraction}})?$`), `must be a plain non-negative decimal with at most ${fraction} decimals`);

export const loyaltyLevelParams = z.object({ level: z.coerce.number().int().min(1).max(LOYALTY_LEVELS_MAX) });
export const loyaltyLevelInput = z.object({
  level: z.number().int().min(1).max(LOYALTY_LEVELS_MAX),
  name: z.string().trim().min(1).max(60),
  threshold_usd: decimalInput(15, 2),
  coin_multiplier: decimalInput(3, 4).refine((v) => Number(v) > 0 && Number(v) <= 100, "must be above 0 and at most 100"),
});
export type LoyaltyLevelInput = z.infer<typeof loyaltyLevelInput>;

export const miningSettings = z.object({
  active_speed_per_hour: decimalString,
  passive_speed_per_hour: decimalString,
  accrual_period_hours: decimalString,
  activity_window_seconds: z.number().int(),
  mining_active_days: z.number().int(),
  updated_at: z.string().max(40),
});
export type MiningSettings = z.infer<typeof miningSettings>;

export const miningSettingsInput = z.object({
  active_speed_per_hour: decimalInput(10, 4),
  passive_speed_per_hour: decimalInput(10, 4),
  /** Fractional hours: 0.001 (3.6 s, for tests) to 720 (30 days). */
  accrual_period_hours: decimalInput(3, 4).refine((v) => Number(v) >= 0.001 && Number(v) <= 720, "must be between 0.001 and 720"),
  activity_window_seconds: z.number().int().min(10).max(86_400),
  mining_active_days: z.number().int().min(1).max(365),
});
export type MiningSettingsInput = z.infer<typeof miningSettingsInput>;

export const playerLoyaltyParams = z.object({ player_guid: z.uuid() });

export const coinTransferRow = z.object({
  guid: z.uuid(),
  kind: z.enum(["mining", "exchange", "adjustment"]),
  /** Signed from the player's side: + credited, - debited. */
  amount: decimalString,
  reason: z.string().max(500).nullable(),
  staff_guid: z.uuid().nullable(),
  period_start: z.string().max(40).nullable(),
  period_end: z.string().max(40).nullable(),
  active_seconds: z.number().int().nullable(),
  created_at: z.string().max(40),
});
export type CoinTransferRow = z.infer<typeof coinTransferRow>;

export const playerLoyalty = z.object({
  player_guid: z.uuid(),
  level: z.number().int().min(0),
  level_name: z.string().max(60).nullable(),
  wagered_usd: decimalString,
  last_played_at: z.string().max(40).nullable(),
  mined_until: z.string().max(40).nullable(),
  coin_balance: decimalString,
  transfers: z.array(coinTransferRow).max(COIN_TRANSFERS_SHOWN),
});
export type PlayerLoyalty = z.infer<typeof playerLoyalty>;

export const coinAdjustmentInput = z.object({
  /** Signed: a positive amount credits the player (from the mint), a negative one debits (never below 0). */
  amount: z
    .string()
    .max(24)
    .regex(/^-?(0|[1-9]\d{0,11})(\.\d{1,4})?$/, "must be a signed decimal with at most 4 decimals")
    .refine((v) => Number(v) !== 0, "must not be zero"),
  reason: z.string().trim().min(3).max(500),
  idempotency_key: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
});
export type CoinAdjustmentInput = z.infer<typeof coinAdjustmentInput>;
