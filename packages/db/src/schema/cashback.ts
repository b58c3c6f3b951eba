import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { bonusCampaigns, bonusCampaignVersions, customerBonuses } from "./bonuses.ts";
import { createdAt, guid, money, tstz, updatedAt } from "./columns.ts";
import { currencies } from "./dictionary.ts";

/**
 * Cashback (issue #18, ADR 035): a cashback campaign pays a share of each player's net cash loss over
 * a period. One run per campaign and period; periods are contiguous (each starts where the previous
 * one ended), so nothing is counted twice or skipped.
 *
 * counting: the period is closed; the job tallies the period's ledger transfers into payouts, a
 *           bounded slice per transaction, from a cursor kept on this row (none before the period's
 *           open-transaction horizon has passed);
 * paying:   every wallet's cashback is granted through the bonus engine, each in its own transaction;
 * completed: nothing left to pay; the counts and totals are final.
 */
export const cashbackRunStatuses = ["counting", "paying", "completed"] as const;
export type CashbackRunStatus = (typeof cashbackRunStatuses)[number];

/** Who closed the period: the schedule (its calendar end passed) or a staff member ("close now"). */
export const cashbackRunClosers = ["schedule", "staff"] as const;
export type CashbackRunCloser = (typeof cashbackRunClosers)[number];

export const cashbackRuns = pgTable(
  "cashback_runs",
  {
    guid: guid(),
    bonus_guid: uuid("bonus_guid")
      .notNull()
      .references(() => bonusCampaigns.bonus_guid),
    // The campaign version current when the period closed: its terms (percent, cap, wagering) apply.
    version_guid: uuid("version_guid")
      .notNull()
      .references(() => bonusCampaignVersions.guid),
    period_start: tstz("period_start").notNull(),
    period_end: tstz("period_end").notNull(),
    status: varchar("status", { length: 16, enum: cashbackRunStatuses }).notNull().default("counting"),
    closed_by: varchar("closed_by", { length: 16, enum: cashbackRunClosers }).notNull(),
    // The staff member who closed it early (staff_users.guid), for closed_by = staff.
    staff_guid: uuid("staff_guid"),
    // Counting cursor: the last ledger transfer tallied, in (created_at, guid) order.
    scan_created_at: tstz("scan_created_at"),
    scan_guid: uuid("scan_guid"),
    // Final figures, written when the run completes (live figures come from cashback_payouts).
    wallets_count: integer("wallets_count").notNull().default(0),
    paid_count: integer("paid_count").notNull().default(0),
    skipped_count: integer("skipped_count").notNull().default(0),
    counted_at: tstz("counted_at"),
    completed_at: tstz("completed_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Contiguity: one run per campaign and start (two closers racing for one period: one wins).
    uniqueIndex("cashback_runs_campaign_start_uq").on(t.bonus_guid, t.period_start),
    index("cashback_runs_campaign_end_idx").on(t.bonus_guid, t.period_end),
    index("cashback_runs_open_idx").on(t.status, t.created_at).where(sql`${t.status} <> 'completed'`),
    check("cashback_runs_period", sql`${t.period_end} > ${t.period_start}`),
  ],
);

/**
 * One wallet's figures in one run: cash staked and cash returned (wins and refunds) in the period,
 * summed from the ledger; then the cashback granted (or why not).
 */
export const cashbackPayoutStatuses = ["pending", "paid", "skipped"] as const;
export type CashbackPayoutStatus = (typeof cashbackPayoutStatuses)[number];

export const cashbackPayouts = pgTable(
  "cashback_payouts",
  {
    run_guid: uuid("run_guid")
      .notNull()
      .references(() => cashbackRuns.guid),
    wallet_guid: uuid("wallet_guid").notNull(),
    customer_guid: uuid("customer_guid").notNull(),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    // Cash debited by bets, and cash credited by wins and rollbacks, in the period.
    staked: money("staked").notNull().default("0"),
    returned: money("returned").notNull().default("0"),
    // The cashback computed at payment (percent of the loss, truncated, capped); null until then.
    amount: money("amount"),
    status: varchar("status", { length: 16, enum: cashbackPayoutStatuses }).notNull().default("pending"),
    customer_bonus_guid: uuid("customer_bonus_guid").references(() => customerBonuses.guid),
    // Why nothing was paid (no loss, the engine's refusal: excluded player, not in the segment, …).
    reason: varchar("reason", { length: 200 }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.run_guid, t.wallet_guid] }),
    index("cashback_payouts_run_status_idx").on(t.run_guid, t.status),
    index("cashback_payouts_customer_idx").on(t.customer_guid),
    check("cashback_payouts_non_negative", sql`${t.staked} >= 0 AND ${t.returned} >= 0 AND (${t.amount} IS NULL OR ${t.amount} >= 0)`),
  ],
);
