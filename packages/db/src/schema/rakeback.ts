import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, tstz, updatedAt } from "./columns.ts";
import { rakebackPayouts } from "./bonuses.ts";
import { wallets } from "./wallet.ts";

/** The game classes a rakeback campaign has a rate for (game_transactions' game's system tag). */
export const rakebackGameClasses = ["slots", "live"] as const;
export type RakebackGameClass = (typeof rakebackGameClasses)[number];

/**
 * Rakeback owed to one wallet (issue #18, ADR 035). `accrued` is the running total of every accrual
 * minus every reversal, unrounded; `claimed` the total paid out (truncated amounts). What the player
 * may claim is trunc(accrued - claimed, decimals). A rollback of a bet whose rakeback was already
 * claimed can leave accrued < claimed: a debt later accruals repay first; no money is involved.
 */
export const rakebackBalances = pgTable(
  "rakeback_balances",
  {
    wallet_guid: uuid("wallet_guid")
      .primaryKey()
      .references(() => wallets.guid),
    customer_guid: uuid("customer_guid").notNull(),
    currency_guid: uuid("currency_guid").notNull(),
    accrued: money("accrued").notNull().default("0"),
    claimed: money("claimed").notNull().default("0"),
    // The campaign that accrued last: a claim pays by its current version's payout.
    bonus_guid: uuid("bonus_guid"),
    last_accrual_at: tstz("last_accrual_at"),
    last_claim_at: tstz("last_claim_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("rakeback_balances_customer_idx").on(t.customer_guid), check("rakeback_balances_claimed_non_negative", sql`${t.claimed} >= 0`)],
);

/**
 * One accrual per real-money bet (its game transaction), so that the bet's rollback reverses exactly
 * what it accrued, whatever the rates are by then. Written by the accrual pass, never on the bet path.
 */
export const rakebackAccruals = pgTable(
  "rakeback_accruals",
  {
    game_transaction_guid: uuid("game_transaction_guid").primaryKey(),
    wallet_guid: uuid("wallet_guid").notNull(),
    customer_guid: uuid("customer_guid").notNull(),
    currency_guid: uuid("currency_guid").notNull(),
    bonus_guid: uuid("bonus_guid").notNull(),
    version_guid: uuid("version_guid").notNull(),
    game_class: varchar("game_class", { length: 8, enum: rakebackGameClasses }).notNull(),
    // The cash part of the stake (bonus-funded stakes and free spins accrue nothing).
    stake: money("stake").notNull(),
    percent: numeric("percent", { precision: 5, scale: 2 }).notNull(),
    // stake × percent / 100, unrounded.
    amount: money("amount").notNull(),
    // The bet's rollback (its game transaction) once it reversed this accrual.
    reversed_by: uuid("reversed_by"),
    reversed_at: tstz("reversed_at"),
    bet_at: tstz("bet_at").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("rakeback_accruals_customer_idx").on(t.customer_guid, t.created_at),
    index("rakeback_accruals_bonus_idx").on(t.bonus_guid, t.created_at),
    check("rakeback_accruals_amounts", sql`${t.stake} > 0 AND ${t.amount} >= 0`),
  ],
);

/** One claim: the available amount, paid once as cash (ledger transfer) or as a bonus (customer bonus). */
export const rakebackClaims = pgTable(
  "rakeback_claims",
  {
    guid: guid(),
    wallet_guid: uuid("wallet_guid")
      .notNull()
      .references(() => wallets.guid),
    customer_guid: uuid("customer_guid").notNull(),
    currency_guid: uuid("currency_guid").notNull(),
    amount: money("amount").notNull(),
    payout: varchar("payout", { length: 8, enum: rakebackPayouts }).notNull(),
    bonus_guid: uuid("bonus_guid").notNull(),
    version_guid: uuid("version_guid").notNull(),
    // Cash: the ledger transfer bonus_cost → player_cash (key rakeback:{guid}); bonus: the customer bonus (source key rakeback:{guid}).
    ledger_transfer_guid: uuid("ledger_transfer_guid"),
    customer_bonus_guid: uuid("customer_bonus_guid"),
    // The Idempotency-Key header (or the client's claim guid): a repeat answers this claim.
    request_key: varchar("request_key", { length: 128 }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("rakeback_claims_request_key_uq").on(t.customer_guid, t.request_key),
    index("rakeback_claims_customer_idx").on(t.customer_guid, t.created_at),
    index("rakeback_claims_bonus_idx").on(t.bonus_guid, t.created_at),
    check("rakeback_claims_amount_positive", sql`${t.amount} > 0`),
    check(
      "rakeback_claims_paid_once",
      sql`(${t.payout} = 'cash' AND ${t.ledger_transfer_guid} IS NOT NULL AND ${t.customer_bonus_guid} IS NULL)
          OR (${t.payout} = 'bonus' AND ${t.customer_bonus_guid} IS NOT NULL AND ${t.ledger_transfer_guid} IS NULL)`,
    ),
  ],
);
