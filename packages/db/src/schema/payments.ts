import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, guid, money, tstz, updatedAt } from "./columns.ts";
import { currencies } from "./dictionary.ts";
import { users } from "./identity.ts";
import { wallets } from "./wallet.ts";

/**
 * Payments (docs/decisions/005-payments.md). The platform side: payment systems
 * (PSPs), the methods players see, segments choosing which methods a player
 * gets, saved cards (provider token only), payments, their logs, idempotency
 * keys, crypto deposit addresses and the webhook events already handled.
 */

/** A payment service provider as the contract's "payment system": psp_name = name. */
export const paymentSystems = pgTable(
  "payment_systems",
  {
    guid: guid(),
    // psp_name in the calls, e.g. "sandbox_card".
    name: varchar("name", { length: 64 }).notNull(),
    // Which adapter talks to it (apps/server/src/modules/payments/providers).
    adapter: varchar("adapter", { length: 32 }).notNull(),
    kind: varchar("kind", { length: 16, enum: ["card", "crypto"] }).notNull(),
    enabled: boolean("enabled").notNull().default(true),
    project_enabled: boolean("project_enabled").notNull().default(true),
    psp_deposit: boolean("psp_deposit").notNull().default(true),
    psp_withdrawal: boolean("psp_withdrawal").notNull().default(true),
    ordering: integer("ordering").notNull().default(0),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("payment_systems_name_uq").on(t.name)],
);

/** What a player picks in the deposit dialog; each belongs to one payment system. */
export const paymentMethods = pgTable(
  "payment_methods",
  {
    guid: guid(),
    code: varchar("code", { length: 64 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    icon: varchar("icon", { length: 300 }),
    icon_mobile: varchar("icon_mobile", { length: 300 }),
    payment_system_guid: uuid("payment_system_guid")
      .notNull()
      .references(() => paymentSystems.guid),
    ordering: integer("ordering").notNull().default(0),
    deposit_enabled: boolean("deposit_enabled").notNull().default(true),
    withdrawal_enabled: boolean("withdrawal_enabled").notNull().default(true),
    deposit_comment: varchar("deposit_comment", { length: 300 }),
    withdrawal_comment: varchar("withdrawal_comment", { length: 300 }),
    // Names of the fields the player must supply (e.g. ["card_guid"], ["external_account", "network"]).
    deposit_required_params: jsonb("deposit_required_params").$type<string[]>().notNull().default([]),
    withdrawal_required_params: jsonb("withdrawal_required_params").$type<string[]>().notNull().default([]),
    deposit_response_data: jsonb("deposit_response_data").$type<string[]>().notNull().default([]),
    withdrawal_response_data: jsonb("withdrawal_response_data").$type<string[]>().notNull().default([]),
    // GET /billing/providers/metadata: banks or providers behind the method.
    metadata: jsonb("metadata")
      .$type<{ banks?: { name: string }[]; providers?: { id: string; display_name: string }[] }>()
      .notNull()
      .default({}),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("payment_methods_code_uq").on(t.code)],
);

/** Per method, currency and direction: limits (narrowing the currency's) and quick amounts. */
export const paymentMethodCurrencies = pgTable(
  "payment_method_currencies",
  {
    guid: guid(),
    payment_method_guid: uuid("payment_method_guid")
      .notNull()
      .references(() => paymentMethods.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    direction: varchar("direction", { length: 16, enum: ["deposit", "withdrawal"] }).notNull(),
    // Null: the currency's own min/max deposit or withdraw applies.
    min_amount: money("min_amount"),
    max_amount: money("max_amount"),
    quick_amounts: varchar("quick_amounts", { length: 40 }).array().notNull().default(sql`'{}'::varchar(40)[]`),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [uniqueIndex("payment_method_currencies_uq").on(t.payment_method_guid, t.currency_guid, t.direction)],
);

/**
 * Billing segments decide which methods a player sees: the profile's
 * billing_segments first, else the segment that is the default for the
 * player's country, else the fallback segment.
 */
export const paymentSegments = pgTable(
  "payment_segments",
  {
    guid: guid(),
    code: varchar("code", { length: 64 }).notNull(),
    name: varchar("name", { length: 100 }).notNull(),
    // Lower-case iso2 codes this segment is the default for.
    default_for_countries: varchar("default_for_countries", { length: 2 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(2)[]`),
    // The default for every country no other segment claims.
    is_fallback: boolean("is_fallback").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_segments_code_uq").on(t.code),
    uniqueIndex("payment_segments_one_fallback_uq").on(t.is_fallback).where(sql`${t.is_fallback}`),
  ],
);

export const paymentSegmentMethods = pgTable(
  "payment_segment_methods",
  {
    segment_guid: uuid("segment_guid")
      .notNull()
      .references(() => paymentSegments.guid),
    payment_method_guid: uuid("payment_method_guid")
      .notNull()
      .references(() => paymentMethods.guid),
    ordering: integer("ordering").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.segment_guid, t.payment_method_guid] })],
);

/**
 * A saved card: ONLY the provider's token, BIN, last 4, holder and expiry
 * (PLAYER_PROTECTION 29). The full number and the CVV never get here.
 */
export const paymentCards = pgTable(
  "payment_cards",
  {
    guid: guid(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    payment_system_guid: uuid("payment_system_guid")
      .notNull()
      .references(() => paymentSystems.guid),
    provider_token: varchar("provider_token", { length: 128 }).notNull(),
    bin: varchar("bin", { length: 8 }).notNull(),
    last4: varchar("last4", { length: 4 }).notNull(),
    brand: varchar("brand", { length: 16 }),
    card_holder: varchar("card_holder", { length: 100 }).notNull(),
    exp_month: integer("exp_month").notNull(),
    exp_year: integer("exp_year").notNull(),
    created_at: createdAt(),
    deleted_at: tstz("deleted_at"),
  },
  (t) => [
    index("payment_cards_customer_idx").on(t.customer_guid, t.created_at),
    uniqueIndex("payment_cards_token_uq").on(t.payment_system_guid, t.provider_token),
    // Withdrawal review (migration 0017): the same card saved by another player.
    index("payment_cards_identity_idx").on(t.bin, t.last4, t.exp_month, t.exp_year),
    check("payment_cards_bin_digits", sql`${t.bin} ~ '^[0-9]{6,8}$'`),
    check("payment_cards_last4_digits", sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
);

export const paymentStatuses = ["pending", "successful", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
// Where a withdrawal is in the operator's review (ADR 018); null for deposits. Only approved and
// auto_approved withdrawals are handed to the PSP.
export const withdrawalReviewStatuses = ["in_review", "approved", "auto_approved", "declined"] as const;
export type WithdrawalReviewStatus = (typeof withdrawalReviewStatuses)[number];

/**
 * One deposit or withdrawal: the contract's Payment and Billing transaction
 * are two views of this row. Money moves only through the ledger
 * (ledger_transfers.payment_guid points here); this row records intent and
 * outcome.
 */
export const payments = pgTable(
  "payments",
  {
    guid: guid(),
    id: bigserial("id", { mode: "number" }).notNull(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    wallet_guid: uuid("wallet_guid")
      .notNull()
      .references(() => wallets.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    payment_system_guid: uuid("payment_system_guid")
      .notNull()
      .references(() => paymentSystems.guid),
    payment_method_guid: uuid("payment_method_guid").references(() => paymentMethods.guid),
    transaction_type: varchar("transaction_type", { length: 16, enum: ["deposit", "withdrawal"] }).notNull(),
    status: varchar("status", { length: 16, enum: paymentStatuses }).notNull().default("pending"),
    amount: money("amount").notNull(),
    fee: money("fee").notNull().default("0"),
    // Per player and type, counted when it succeeds: 1st deposit, 2nd deposit, …
    number: integer("number"),
    // The PSP's reference (checkout session, payout id, crypto tx hash).
    external_id: varchar("external_id", { length: 128 }),
    psp_transaction_hash: varchar("psp_transaction_hash", { length: 200 }),
    network: varchar("network", { length: 32 }),
    // Withdrawal destination: a crypto address (never a card number: cards go by card_guid).
    external_account: varchar("external_account", { length: 200 }),
    destination_tag: varchar("destination_tag", { length: 32 }),
    card_guid: uuid("card_guid").references(() => paymentCards.guid),
    redirect_url: varchar("redirect_url", { length: 2000 }),
    return_url: varchar("return_url", { length: 2000 }),
    declined_url: varchar("declined_url", { length: 2000 }),
    balance_before: money("balance_before"),
    balance_after: money("balance_after"),
    // A withdrawal handed to the PSP (payout created); null while it still has to be sent.
    payout_submitted_at: tstz("payout_submitted_at"),
    // Settled at once by POST /billing/deposit/test (never in production).
    is_test: boolean("is_test").notNull().default(false),
    review_status: varchar("review_status", { length: 16, enum: withdrawalReviewStatuses }),
    // The staff member who approved or declined it (staff_users.guid), and when.
    reviewed_by: uuid("reviewed_by"),
    reviewed_at: tstz("reviewed_at"),
    trusted: boolean("trusted").notNull().default(false),
    external_provider_data: jsonb("external_provider_data").$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_id_uq").on(t.id),
    uniqueIndex("payments_external_uq").on(t.payment_system_guid, t.external_id),
    index("payments_customer_idx").on(t.customer_guid, t.created_at),
    index("payments_unsent_payouts_idx")
      .on(t.created_at)
      .where(sql`${t.transaction_type} = 'withdrawal' AND ${t.status} = 'pending' AND ${t.payout_submitted_at} IS NULL`),
    check("payments_amount_positive", sql`${t.amount} > 0`),
    index("payments_review_idx")
      .on(t.review_status, t.created_at, t.guid)
      .where(sql`${t.transaction_type} = 'withdrawal'`),
    index("payments_external_account_idx").on(t.external_account).where(sql`${t.external_account} IS NOT NULL`),
  ],
);

export const paymentLogs = pgTable(
  "payment_logs",
  {
    guid: guid(),
    payment_guid: uuid("payment_guid")
      .notNull()
      .references(() => payments.guid),
    event_type: varchar("event_type", { length: 64 }).notNull(),
    comment: varchar("comment", { length: 500 }),
    reason: varchar("reason", { length: 200 }),
    // Who caused it: player, psp, system.
    executor: varchar("executor", { length: 16 }).notNull(),
    changed_by: varchar("changed_by", { length: 128 }),
    changed_at: tstz("changed_at").notNull().defaultNow(),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("payment_logs_payment_idx").on(t.payment_guid, t.changed_at)],
);

/**
 * Idempotency-Key header of the money calls. Written in the same transaction
 * as the effect; a replay with the same request hash answers from the payment,
 * a different hash is a 409.
 */
export const paymentIdempotencyKeys = pgTable(
  "payment_idempotency_keys",
  {
    customer_guid: uuid("customer_guid").notNull(),
    key: varchar("key", { length: 128 }).notNull(),
    scope: varchar("scope", { length: 64 }).notNull(),
    request_hash: varchar("request_hash", { length: 64 }).notNull(),
    payment_guid: uuid("payment_guid")
      .notNull()
      .references(() => payments.guid),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.customer_guid, t.key] })],
);

/** One deposit address per wallet, payment system and network. */
export const cryptoDepositAddresses = pgTable(
  "crypto_deposit_addresses",
  {
    guid: guid(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    wallet_guid: uuid("wallet_guid")
      .notNull()
      .references(() => wallets.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    payment_system_guid: uuid("payment_system_guid")
      .notNull()
      .references(() => paymentSystems.guid),
    network: varchar("network", { length: 32 }).notNull(),
    address: varchar("address", { length: 128 }).notNull(),
    destination_tag: varchar("destination_tag", { length: 32 }),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("crypto_deposit_addresses_wallet_uq").on(t.wallet_guid, t.payment_system_guid, t.network),
    uniqueIndex("crypto_deposit_addresses_address_uq").on(
      t.payment_system_guid,
      t.network,
      t.address,
      sql`coalesce(${t.destination_tag}, '')`,
    ),
  ],
);

/** Webhook events already handled: each PSP event id is applied once. */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    guid: guid(),
    adapter: varchar("adapter", { length: 32 }).notNull(),
    event_id: varchar("event_id", { length: 128 }).notNull(),
    event_type: varchar("event_type", { length: 64 }).notNull(),
    payment_guid: uuid("payment_guid"),
    received_at: createdAt(),
  },
  (t) => [uniqueIndex("payment_webhook_events_uq").on(t.adapter, t.event_id)],
);

/*
 * The sandbox PSP's own side (what a real provider keeps on its servers):
 * checkout sessions, its card vault (behaviour only, never the number),
 * simulated crypto transfers, payouts and the webhook deliveries it retries.
 */

export const sandboxPspCards = pgTable("sandbox_psp_cards", {
  token: varchar("token", { length: 64 }).primaryKey(),
  bin: varchar("bin", { length: 8 }).notNull(),
  last4: varchar("last4", { length: 4 }).notNull(),
  brand: varchar("brand", { length: 16 }).notNull(),
  // What the test number stands for: success, decline or challenge.
  behaviour: varchar("behaviour", { length: 16, enum: ["success", "decline", "challenge"] }).notNull(),
  created_at: createdAt(),
});

export const sandboxPspCheckouts = pgTable("sandbox_psp_checkouts", {
  guid: guid(),
  merchant_reference: varchar("merchant_reference", { length: 128 }).notNull().unique(),
  amount: money("amount").notNull(),
  currency_code: varchar("currency_code", { length: 16 }).notNull(),
  status: varchar("status", {
    length: 16,
    enum: ["open", "challenge", "succeeded", "declined", "cancelled"],
  }).notNull(),
  // A saved card picked by the merchant (deposit with card_guid).
  card_token: varchar("card_token", { length: 64 }),
  challenge_code_hash: varchar("challenge_code_hash", { length: 64 }),
  challenge_attempts: integer("challenge_attempts").notNull().default(0),
  // The payer ticked "save card": token, BIN, last 4, brand, holder, expiry (never the number), sent with the success webhook.
  card_to_save: jsonb("card_to_save").$type<Record<string, unknown>>(),
  return_url: varchar("return_url", { length: 2000 }).notNull(),
  declined_url: varchar("declined_url", { length: 2000 }).notNull(),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const sandboxPspTransfers = pgTable("sandbox_psp_transfers", {
  guid: guid(),
  tx_hash: varchar("tx_hash", { length: 128 }).notNull().unique(),
  address: varchar("address", { length: 128 }).notNull(),
  destination_tag: varchar("destination_tag", { length: 32 }),
  currency_code: varchar("currency_code", { length: 16 }).notNull(),
  network: varchar("network", { length: 32 }).notNull(),
  amount: money("amount").notNull(),
  confirmations: integer("confirmations").notNull().default(0),
  required_confirmations: integer("required_confirmations").notNull(),
  last_block_at: tstz("last_block_at").notNull().defaultNow(),
  created_at: createdAt(),
});

export const sandboxPspPayouts = pgTable("sandbox_psp_payouts", {
  guid: guid(),
  merchant_reference: varchar("merchant_reference", { length: 128 }).notNull().unique(),
  amount: money("amount").notNull(),
  currency_code: varchar("currency_code", { length: 16 }).notNull(),
  destination: varchar("destination", { length: 200 }).notNull(),
  status: varchar("status", { length: 16, enum: ["pending", "paid", "failed", "cancelled"] }).notNull(),
  settle_at: tstz("settle_at").notNull(),
  created_at: createdAt(),
});

export const sandboxPspWebhooks = pgTable(
  "sandbox_psp_webhooks",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    event_id: uuid("event_id").notNull().unique().defaultRandom(),
    type: varchar("type", { length: 64 }).notNull(),
    body: jsonb("body").$type<Record<string, unknown>>().notNull(),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: tstz("next_attempt_at").notNull().defaultNow(),
    delivered_at: tstz("delivered_at"),
    // Gave up after the last retry (an operator can re-arm it).
    failed_at: tstz("failed_at"),
    last_error: varchar("last_error", { length: 500 }),
    created_at: createdAt(),
  },
  (t) => [
    index("sandbox_psp_webhooks_due_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.delivered_at} IS NULL AND ${t.failed_at} IS NULL`),
  ],
);
