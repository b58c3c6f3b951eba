import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, tstz } from "./columns.ts";
import { currencies } from "./dictionary.ts";
import { users } from "./identity.ts";
import { staffUsers } from "./staff.ts";
import { wallets } from "./wallet.ts";

// Money review in the back office (issue #15, ADR 018, migration 0017). The withdrawal review's columns
// live on payments (review_status, reviewed_by, reviewed_at) and the risk signals' on users
// (password_changed_at, email_changed_at); this file holds the adjustment requests.

export const adjustmentPockets = ["cash", "bonus"] as const;
export const adjustmentDirections = ["credit", "debit"] as const;
export const adjustmentStatuses = ["pending", "applied", "rejected"] as const;
export type AdjustmentStatus = (typeof adjustmentStatuses)[number];

/**
 * A manual credit or debit of one pocket of one wallet. Below the approval threshold it is inserted
 * applied (its ledger transfer in the same transaction); above, it waits pending until a different
 * staff member approves (the transfer then) or rejects it.
 */
export const adjustmentRequests = pgTable(
  "adjustment_requests",
  {
    guid: guid(),
    player_guid: uuid("player_guid")
      .notNull()
      .references(() => users.guid),
    wallet_guid: uuid("wallet_guid")
      .notNull()
      .references(() => wallets.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    pocket: varchar("pocket", { length: 8, enum: adjustmentPockets }).notNull(),
    direction: varchar("direction", { length: 8, enum: adjustmentDirections }).notNull(),
    amount: money("amount").notNull(),
    // In the default currency at request time; null when no rate was known (then it needs approval).
    base_amount: money("base_amount"),
    reason: varchar("reason", { length: 500 }).notNull(),
    idempotency_key: varchar("idempotency_key", { length: 128 }).notNull(),
    requires_approval: boolean("requires_approval").notNull(),
    status: varchar("status", { length: 16, enum: adjustmentStatuses }).notNull(),
    requested_by: uuid("requested_by")
      .notNull()
      .references(() => staffUsers.guid),
    requested_by_email: varchar("requested_by_email", { length: 254 }).notNull(),
    decided_by: uuid("decided_by").references(() => staffUsers.guid),
    decided_by_email: varchar("decided_by_email", { length: 254 }),
    decision_reason: varchar("decision_reason", { length: 500 }),
    decided_at: tstz("decided_at"),
    transfer_guid: uuid("transfer_guid"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("adjustment_requests_idempotency_key_uq").on(t.idempotency_key),
    index("adjustment_requests_status_idx").on(t.status, t.created_at, t.guid),
    index("adjustment_requests_player_idx").on(t.player_guid, t.created_at),
    check("adjustment_requests_amount_positive", sql`${t.amount} > 0`),
    check("adjustment_requests_reason_not_blank", sql`length(btrim(${t.reason})) > 0`),
    check(
      "adjustment_requests_four_eyes",
      sql`${t.status} <> 'applied' OR NOT ${t.requires_approval} OR (${t.decided_by} IS NOT NULL AND ${t.decided_by} <> ${t.requested_by})`,
    ),
    check(
      "adjustment_requests_applied_has_transfer",
      sql`(${t.status} = 'applied') = (${t.transfer_guid} IS NOT NULL)`,
    ),
  ],
);
