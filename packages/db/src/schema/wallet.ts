import { sql } from "drizzle-orm";
import { boolean, check, integer, numeric, pgTable, timestamp, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, updatedAt } from "./columns.ts";
import { currencies } from "./dictionary.ts";
import { users } from "./identity.ts";
import { ledgerAccounts } from "./ledger.ts";

/**
 * A player's wallet in one currency (the contract's Wallet entity).
 *
 * balance / bonus_balance / deferred_bonus_balance are a cache of the player's
 * three ledger accounts, changed only by the statement that also writes the
 * ledger transfer. CHECK (… >= 0) is the last line of defence: a guarded
 * UPDATE that would overdraw matches no row, and one that slipped through
 * would fail here.
 */
export const wallets = pgTable(
  "wallets",
  {
    guid: guid(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    balance: money("balance").notNull().default("0"),
    bonus_balance: money("bonus_balance").notNull().default("0"),
    deferred_bonus_balance: money("deferred_bonus_balance").notNull().default("0"),
    // Wagering still required before bonus money converts to cash (the bonus engine sets it).
    wager: money("wager").notNull().default("0"),
    free_spin_count: integer("free_spin_count").notNull().default(0),
    free_spin_total: integer("free_spin_total").notNull().default(0),
    free_spin_bet: money("free_spin_bet"),
    free_spin_win_amount: money("free_spin_win_amount").notNull().default("0"),
    customer_bonus_guid: uuid("customer_bonus_guid"),
    customer_bonus_expire_date: timestamp("customer_bonus_expire_date", { withTimezone: true, mode: "string" }),
    status: varchar("status", { length: 16, enum: ["active", "blocked"] }).notNull().default("active"),
    winnings_distribution_percent: numeric("winnings_distribution_percent", { precision: 5, scale: 2 }),
    bonus_threshold: money("bonus_threshold"),
    project_bonus_tag: varchar("project_bonus_tag", { length: 64 }),
    deposit_defer: boolean("deposit_defer").notNull().default(false),
    is_active: boolean("is_active").notNull().default(false),
    cash_account_guid: uuid("cash_account_guid")
      .notNull()
      .references(() => ledgerAccounts.guid),
    bonus_account_guid: uuid("bonus_account_guid")
      .notNull()
      .references(() => ledgerAccounts.guid),
    deferred_bonus_account_guid: uuid("deferred_bonus_account_guid")
      .notNull()
      .references(() => ledgerAccounts.guid),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("wallets_customer_currency_uq").on(t.customer_guid, t.currency_guid),
    // At most one active wallet per player; activation swaps it in one transaction.
    uniqueIndex("wallets_one_active_per_customer_uq").on(t.customer_guid).where(sql`${t.is_active}`),
    check("wallets_balance_non_negative", sql`${t.balance} >= 0`),
    check("wallets_bonus_balance_non_negative", sql`${t.bonus_balance} >= 0`),
    check("wallets_deferred_bonus_balance_non_negative", sql`${t.deferred_bonus_balance} >= 0`),
    check("wallets_wager_non_negative", sql`${t.wager} >= 0`),
    check("wallets_free_spin_count_non_negative", sql`${t.free_spin_count} >= 0`),
  ],
);
