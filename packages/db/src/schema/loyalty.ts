import { sql } from "drizzle-orm";
import { check, index, integer, numeric, pgTable, smallint, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, tstz, updatedAt } from "./columns.ts";
import { bonusCampaignVersions, customerBonuses } from "./bonuses.ts";
import { users } from "./identity.ts";

/**
 * Loyalty levels, coin mining and the coin ledger (issue #18, ADR 036).
 *
 * Coins are not money: they never appear in a wallet, the money ledger, reports or reconcile. They
 * have their own small double-entry ledger: accounts (one per player, one mint, one exchange sink)
 * and immutable transfers with unique idempotency keys. A player's balance is kept on their account
 * row and guarded >= 0 by the debiting statement and a CHECK; the system accounts' balances are the
 * sums of their transfers (no hot row that every accrual would update).
 */

/** Coin amounts: four decimals (as bonus_campaign_versions.coin_price). */
const coins = (name: string) => numeric(name, { precision: 20, scale: 4 });

/** Operator-configured levels: a player's level is the highest one whose threshold their USD volume reached. */
export const loyaltyLevels = pgTable(
  "loyalty_levels",
  {
    level: integer("level").primaryKey(),
    name: varchar("name", { length: 60 }).notNull(),
    threshold_usd: money("threshold_usd").notNull(),
    coin_multiplier: numeric("coin_multiplier", { precision: 8, scale: 4 }).notNull().default("1"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("loyalty_levels_level_range", sql`${t.level} BETWEEN 1 AND 100`),
    check("loyalty_levels_threshold", sql`${t.threshold_usd} >= 0`),
    check("loyalty_levels_multiplier", sql`${t.coin_multiplier} > 0 AND ${t.coin_multiplier} <= 100`),
    uniqueIndex("loyalty_levels_threshold_uq").on(t.threshold_usd),
  ],
);

/**
 * The one settings row (id = 1) of mining: base speeds in coins per hour, the accrual period (hours,
 * fractional), the activity window (a stake within it = playing) and how long after the last stake a
 * player still mines. levels_version moves on every level change so the job re-levels players.
 */
export const loyaltySettings = pgTable(
  "loyalty_settings",
  {
    id: smallint("id").primaryKey().default(1),
    active_speed_per_hour: coins("active_speed_per_hour").notNull().default("10"),
    passive_speed_per_hour: coins("passive_speed_per_hour").notNull().default("1"),
    accrual_period_hours: numeric("accrual_period_hours", { precision: 10, scale: 4 }).notNull().default("1"),
    activity_window_seconds: integer("activity_window_seconds").notNull().default(300),
    mining_active_days: integer("mining_active_days").notNull().default(30),
    levels_version: integer("levels_version").notNull().default(0),
    updated_at: updatedAt(),
  },
  (t) => [
    check("loyalty_settings_one_row", sql`${t.id} = 1`),
    check("loyalty_settings_speeds", sql`${t.active_speed_per_hour} >= 0 AND ${t.passive_speed_per_hour} >= 0`),
    check("loyalty_settings_period", sql`${t.accrual_period_hours} >= 0.001 AND ${t.accrual_period_hours} <= 720`),
    check("loyalty_settings_window", sql`${t.activity_window_seconds} BETWEEN 10 AND 86400`),
    check("loyalty_settings_days", sql`${t.mining_active_days} BETWEEN 1 AND 365`),
  ],
);

/**
 * One row per player who ever staked (written by the loyalty job from scanGameTransactions). level 0 =
 * no level yet; other parts (segment rules) read level. mined_until: the end of the last accrued
 * mining period (the next one starts there).
 */
export const playerLoyalty = pgTable(
  "player_loyalty",
  {
    customer_guid: uuid("customer_guid")
      .primaryKey()
      .references(() => users.guid),
    level: integer("level").notNull().default(0),
    wagered_usd: money("wagered_usd").notNull().default("0"),
    last_played_at: tstz("last_played_at"),
    level_changed_at: tstz("level_changed_at"),
    levels_version: integer("levels_version").notNull().default(0),
    mined_until: tstz("mined_until").notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("player_loyalty_level", sql`${t.level} >= 0`),
    // The mining pass: players who played recently, oldest accrual first.
    index("player_loyalty_mining_idx").on(t.last_played_at, t.mined_until),
    index("player_loyalty_levels_version_idx").on(t.levels_version),
  ],
);

/**
 * Playing spans (the union of [stake, stake + activity window) per player, merged as stakes arrive in
 * order): what mining counts as active time. Spans before mined_until are deleted once accrued.
 */
export const loyaltyActivitySpans = pgTable(
  "loyalty_activity_spans",
  {
    guid: guid(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    started_at: tstz("started_at").notNull(),
    ended_at: tstz("ended_at").notNull(),
  },
  (t) => [
    check("loyalty_activity_spans_order", sql`${t.ended_at} > ${t.started_at}`),
    index("loyalty_activity_spans_customer_idx").on(t.customer_guid, t.ended_at),
  ],
);

export const coinAccountKinds = ["player", "mint", "exchange"] as const;
export type CoinAccountKind = (typeof coinAccountKinds)[number];

export const coinAccounts = pgTable(
  "coin_accounts",
  {
    guid: guid(),
    kind: varchar("kind", { length: 16 }).notNull(),
    customer_guid: uuid("customer_guid").references(() => users.guid),
    // Kept for player accounts only (system accounts: sum of their transfers).
    balance: coins("balance").notNull().default("0"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check("coin_accounts_kind", sql`${t.kind} IN ('player', 'mint', 'exchange')`),
    check("coin_accounts_owner", sql`(${t.kind} = 'player') = (${t.customer_guid} IS NOT NULL)`),
    check("coin_accounts_player_balance", sql`${t.kind} <> 'player' OR ${t.balance} >= 0`),
    uniqueIndex("coin_accounts_customer_uq").on(t.customer_guid),
    uniqueIndex("coin_accounts_system_uq").on(t.kind).where(sql`${t.customer_guid} IS NULL`),
  ],
);

export const coinTransferKinds = ["mining", "exchange", "adjustment"] as const;
export type CoinTransferKind = (typeof coinTransferKinds)[number];

/** Immutable (trigger ledger_refuse_change): a correction is a reversing transfer. */
export const coinTransfers = pgTable(
  "coin_transfers",
  {
    guid: guid(),
    idempotency_key: varchar("idempotency_key", { length: 200 }).notNull(),
    kind: varchar("kind", { length: 16 }).notNull(),
    debit_account_guid: uuid("debit_account_guid")
      .notNull()
      .references(() => coinAccounts.guid),
    credit_account_guid: uuid("credit_account_guid")
      .notNull()
      .references(() => coinAccounts.guid),
    amount: coins("amount").notNull(),
    // The player whose account moved (for their history), the staff member and reason of an adjustment.
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    staff_guid: uuid("staff_guid"),
    reason: varchar("reason", { length: 500 }),
    // Mining: the period accrued and its active seconds (why the amount is what it is).
    period_start: tstz("period_start"),
    period_end: tstz("period_end"),
    active_seconds: integer("active_seconds"),
    created_at: createdAt(),
  },
  (t) => [
    check("coin_transfers_amount", sql`${t.amount} > 0`),
    check("coin_transfers_kind", sql`${t.kind} IN ('mining', 'exchange', 'adjustment')`),
    check("coin_transfers_accounts", sql`${t.debit_account_guid} <> ${t.credit_account_guid}`),
    uniqueIndex("coin_transfers_key_uq").on(t.idempotency_key),
    index("coin_transfers_customer_idx").on(t.customer_guid, t.created_at),
  ],
);

/** One coin-shop purchase: a client key per player makes it idempotent; source key coin:{guid}. */
export const coinExchanges = pgTable(
  "coin_exchanges",
  {
    guid: guid(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    idempotency_key: varchar("idempotency_key", { length: 64 }).notNull(),
    bonus_guid: uuid("bonus_guid").notNull(),
    bonus_version_guid: uuid("bonus_version_guid")
      .notNull()
      .references(() => bonusCampaignVersions.guid),
    customer_bonus_guid: uuid("customer_bonus_guid")
      .notNull()
      .references(() => customerBonuses.guid),
    coin_price: coins("coin_price").notNull(),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("coin_exchanges_customer_key_uq").on(t.customer_guid, t.idempotency_key)],
);
