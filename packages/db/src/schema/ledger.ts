import { sql } from "drizzle-orm";
import { check, index, pgTable, unique, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money } from "./columns.ts";
import { currencies } from "./dictionary.ts";

/**
 * Double-entry ledger (ARCHITECTURE §3, docs/decisions/004-ledger-and-bonus-money.md).
 *
 * An account is one pot of money of one kind, owned by someone, in one
 * currency. Player accounts mirror a wallet's cached columns; house, clearing
 * and bonus-cost accounts carry no cached balance at all (their balance is the
 * sum of their transfers), so they never become a hot row every bet must lock.
 */
export const ledgerAccountKinds = [
  "player_cash",
  "player_bonus",
  "player_deferred_bonus",
  // Per provider: what the platform won/lost in that provider's games.
  "house_game",
  // Money entering/leaving the platform through payment providers.
  "payment_clearing",
  // Cash of requested withdrawals, reserved until the payout is paid (→ clearing) or fails (→ back to the player).
  "withdrawal_pending",
  // Bonus money and free-spin winnings granted by the operator.
  "bonus_cost",
  // The other side of staff's manual adjustments (issue #15, ADR 018): credits leave it, debits arrive.
  "operator_adjustment",
] as const;
export type LedgerAccountKind = (typeof ledgerAccountKinds)[number];

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    guid: guid(),
    kind: varchar("kind", { length: 32, enum: ledgerAccountKinds }).notNull(),
    // A user guid for player accounts, a provider code for house_game, "platform" otherwise.
    owner: varchar("owner", { length: 128 }).notNull(),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_accounts_owner_kind_currency_uq").on(t.owner, t.kind, t.currency_guid),
    // What ledger_transfers_accounts_exist (migration 0012) looks up: a transfer can
    // only touch accounts of its own currency, so per-currency sums are meaningful.
    unique("ledger_accounts_guid_currency_uq").on(t.guid, t.currency_guid),
  ],
);

export const ledgerTransferKinds = [
  "bet",
  "win",
  "rollback",
  "deposit",
  "withdrawal",
  "withdrawal_refund",
  "bonus_grant",
  "bonus_forfeit",
  "bonus_conversion",
  "free_spin_win",
  // Deferred bonus money released to the bonus pocket when its deposit settles (ADR 031).
  "bonus_release",
  "correction",
  // A staff member's credit or debit of a player's pocket (back office, ADR 018).
  "manual_adjustment",
  // Claimed rakeback paid as cash: bonus_cost → player_cash (issue #18, ADR 035).
  "rakeback",
] as const;
export type LedgerTransferKind = (typeof ledgerTransferKinds)[number];

/**
 * One immutable movement of `amount` from `debit_account_guid` to
 * `credit_account_guid`. Never updated or deleted (a trigger refuses it, see
 * migration ledger_guards); a correction is a reversing transfer.
 */
export const ledgerTransfers = pgTable(
  "ledger_transfers",
  {
    guid: guid(),
    // A retry with the same key can never move money twice.
    idempotency_key: varchar("idempotency_key", { length: 300 }).notNull(),
    kind: varchar("kind", { length: 32, enum: ledgerTransferKinds }).notNull(),
    currency_guid: uuid("currency_guid").notNull(),
    // Money leaves this account…
    debit_account_guid: uuid("debit_account_guid").notNull(),
    // …and arrives in this one.
    credit_account_guid: uuid("credit_account_guid").notNull(),
    amount: money("amount").notNull(),
    // References: the game round ("provider:round_id"), the game transaction, a payment, a customer bonus.
    round_ref: varchar("round_ref", { length: 300 }),
    game_transaction_guid: uuid("game_transaction_guid"),
    payment_guid: uuid("payment_guid"),
    bonus_guid: uuid("bonus_guid"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("ledger_transfers_idempotency_key_uq").on(t.idempotency_key),
    check("ledger_transfers_amount_positive", sql`${t.amount} > 0`),
    check("ledger_transfers_distinct_accounts", sql`${t.debit_account_guid} <> ${t.credit_account_guid}`),
    // Both accounts exist in the transfer's currency: checked once per statement by the
    // trigger ledger_transfers_accounts_exist (migration 0012), not by foreign keys, whose
    // per-row check locked the account row (a house account: on every bet and win).
    index("ledger_transfers_payment_idx").on(t.payment_guid).where(sql`${t.payment_guid} IS NOT NULL`),
    index("ledger_transfers_bonus_idx").on(t.bonus_guid).where(sql`${t.bonus_guid} IS NOT NULL`),
    // Back-office reports (migration 0019): a window of days, and a player's earlier deposits.
    index("ledger_transfers_created_at_idx").on(t.created_at),
    index("ledger_transfers_deposit_credit_idx").on(t.credit_account_guid, t.created_at).where(sql`${t.kind} = 'deposit'`),
    // The back office's player page (migration 0016): one player's transfers by account, newest first.
    index("ledger_transfers_debit_account_idx").on(t.debit_account_guid, t.created_at, t.guid),
    index("ledger_transfers_credit_account_idx").on(t.credit_account_guid, t.created_at, t.guid),
  ],
);
