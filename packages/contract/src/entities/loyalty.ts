import { z } from "zod";
import { customerBonus } from "./bonus.ts";
import { decimalString } from "./currency.ts";

// Loyalty levels, coin mining and coins (issue #18, ADR 036), player API under /api/v1.
//
// Routes:
//   GET  /loyalty/mining/user-speed                 → miningSpeed (seed 001)
//   GET  /loyalty/status                            → loyaltyStatus (level, volume, progress to the next level)
//   GET  /loyalty/coins                             → coinBalance (balance and the mining clock)
//   GET  /loyalty/coin-shop                         → coinShopItem[] (coin bonuses on sale, with prices)
//   GET  /bonuses/coin/list                         customerBonusesQuery → customerBonus[] (the player's coin bonuses)
//   POST /bonuses/coin/exchange/:bonus_guid         coinExchangeInput → coinExchangeResult (409 NOT_ENOUGH_MONEY / CONFLICT)
// Coins are not money (no currency, no wallet): amounts are decimal strings with up to 4 decimals.

const timestamp = z.string().max(40);

/** GET /loyalty/mining/user-speed: the seed's fields; speeds in coins. */
export const miningSpeed = z
  .object({
    /** The segment whose mining multiplier applies (the highest among the player's), by name; null = none. */
    segment: z.string().max(100).nullable(),
    /** 0 = no level yet. */
    loyalty_level: z.number().int().min(0),
    /** The speed now: active while playing, passive otherwise, multiplied. */
    speed_per_hour: decimalString,
    speed_per_second: decimalString,
    active_speed_per_hour: decimalString,
    passive_speed_per_hour: decimalString,
    /** When the current period's coins are credited (ISO 8601); null when the player does not mine (never played, or dormant). */
    next_accrual_time: timestamp.nullable(),
    accrual_period_hours: decimalString,
    /** Level multiplier × segment multiplier. */
    multiplier_applied: decimalString,
    /** Extra: whether the active speed applies now (a stake within the activity window). */
    is_active: z.boolean(),
  })
  .describe("Mining speed");
export type MiningSpeed = z.infer<typeof miningSpeed>;

export const loyaltyLevel = z.object({
  level: z.number().int().min(1).max(100),
  name: z.string().max(60),
  threshold_usd: decimalString,
  coin_multiplier: decimalString,
});
export type LoyaltyLevel = z.infer<typeof loyaltyLevel>;

/** GET /loyalty/status. */
export const loyaltyStatus = z
  .object({
    level: z.number().int().min(0),
    /** null at level 0. */
    level_name: z.string().max(60).nullable(),
    coin_multiplier: decimalString,
    wagered_usd: decimalString,
    /** null at the top level. */
    next_level: loyaltyLevel.nullable(),
    /** Percent of the way from this level's threshold to the next (0-100, whole); 100 at the top. */
    progress_percent: z.number().int().min(0).max(100),
    levels: z.array(loyaltyLevel).max(100),
  })
  .describe("Loyalty status");
export type LoyaltyStatus = z.infer<typeof loyaltyStatus>;

/** GET /loyalty/coins. */
export const coinBalance = z
  .object({
    balance: decimalString,
    /** The start of the period being mined now (the last accrual); null when not mining. */
    last_accrual_at: timestamp.nullable(),
    next_accrual_time: timestamp.nullable(),
  })
  .describe("Coin balance");
export type CoinBalance = z.infer<typeof coinBalance>;

export const coinShopItem = z
  .object({
    bonus_guid: z.uuid(),
    bonus_name: z.string().max(120),
    description: z.string().max(20_000),
    icon: z.string().max(500).nullable(),
    coin_price: decimalString,
    /** What the bonus pays per currency (the currency's max_bonus_sum). */
    amounts: z.array(z.object({ currency_guid: z.uuid(), currency_code: z.string().max(16), amount: decimalString })).max(50),
    bonus_wager: decimalString,
  })
  .describe("Coin shop item");
export type CoinShopItem = z.infer<typeof coinShopItem>;

export const coinExchangeParams = z.object({ bonus_guid: z.uuid() });
export const coinExchangeInput = z.object({
  /** The client's key: a retry with the same key answers the first exchange and never pays twice. */
  idempotency_key: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/),
  /** The wallet currency to receive the bonus in; default the active wallet's. */
  currency_guid: z.uuid().optional(),
});
export type CoinExchangeInput = z.infer<typeof coinExchangeInput>;

export const coinExchangeResult = z
  .object({
    exchange_guid: z.uuid(),
    coin_price: decimalString,
    coin_balance: decimalString,
    customer_bonus: customerBonus,
    /** true when this key was already used: nothing was paid again. */
    replayed: z.boolean(),
  })
  .describe("Coin exchange");
export type CoinExchangeResult = z.infer<typeof coinExchangeResult>;
