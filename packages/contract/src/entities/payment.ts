import { z } from "zod";
import { decimalString } from "./currency.ts";

export const paymentStatus = z.enum(["pending", "successful", "failed", "cancelled"]);
export type PaymentStatus = z.infer<typeof paymentStatus>;
export const transactionType = z.enum(["deposit", "withdrawal"]);

/** A plain non-negative decimal string; the currency's decimals are checked by the server. */
export const amountInput = z
  .string()
  .max(40)
  .regex(/^\d+(\.\d+)?$/, "must be a plain decimal string");

export const paymentLog = z.object({
  guid: z.uuid(),
  payment_guid: z.uuid(),
  event_type: z.string(),
  comment: z.string().nullable(),
  reason: z.string().nullable(),
  executor: z.string(),
  changed_by: z.string().nullable(),
  changed_at: z.string(),
  details: z.record(z.string(), z.unknown()),
});

/** A deposit or withdrawal (payment API view). */
export const payment = z
  .object({
    guid: z.uuid(),
    id: z.number().int(),
    trusted: z.boolean(),
    external_id: z.string().nullable(),
    project_guid: z.uuid().nullable(),
    customer_guid: z.uuid(),
    wallet_guid: z.uuid(),
    currency_guid: z.uuid(),
    transaction_type: transactionType,
    /** 1st, 2nd, … successful payment of this type; null until it succeeds. */
    number: z.number().int().nullable(),
    amount: decimalString,
    payment_method_guid: z.uuid().nullable(),
    status: paymentStatus,
    fee: decimalString,
    /** What the player's client needs next: redirect_url, address, destination_tag, network. */
    external_provider_data: z.record(z.string(), z.unknown()),
    provider_log: z.array(z.record(z.string(), z.unknown())),
    payment_system_method_name: z.string(),
    payment_system_guid: z.uuid(),
    created_at: z.string(),
    updated_at: z.string(),
    project_method_name: z.string().nullable(),
    payment_logs: z.array(paymentLog),
    /** True only for a pending withdrawal this player may cancel under their jurisdiction's rules. */
    can_cancel: z.boolean(),
  })
  .describe("Payment");
export type Payment = z.infer<typeof payment>;

export const createPaymentInput = z.object({
  payment_method_guid: z.uuid(),
  wallet_guid: z.uuid(),
  transaction_type: transactionType,
  /** amount (required), and per method: card_guid, external_account, network, destination_tag, return_url, declined_url. */
  extra_data: z
    .object({
      amount: amountInput,
      card_guid: z.uuid().optional(),
      external_account: z.string().trim().min(10).max(128).optional(),
      network: z.string().max(32).optional(),
      destination_tag: z.string().regex(/^\d{1,10}$/).optional(),
      return_url: z.string().max(2000).optional(),
      declined_url: z.string().max(2000).optional(),
      /** Deposit: the chosen bonus campaign (bonus_guid), null = no bonus; absent = the default offers (issue #17). */
      bonus_guid: z.uuid().nullable().optional(),
      /** Withdrawal: the player confirms cancelling an active bonus (and its winnings) to withdraw (issue #17). */
      forfeit_bonus: z.boolean().optional(),
    })
    .strict(),
});
export type CreatePaymentInput = z.infer<typeof createPaymentInput>;

export const paymentsQuery = z.object({
  transaction_type: transactionType.optional(),
  status: paymentStatus.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** Values above the ceiling are clamped, not refused (the first-deposit check asks for 10000000000). */
  per_page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(20),
});

/** PUT /payments/{guid}: the only change a player may ask for is a cancel. */
export const updatePaymentInput = z.object({ status: z.literal("cancelled") });
export const paymentGuidParams = z.object({ guid: z.uuid() });

/** Outbox event for the bonus engine, written with the settled deposit (user room). */
export const depositSettledEvent = z.object({
  payment_guid: z.uuid(),
  wallet_guid: z.uuid(),
  currency_guid: z.uuid(),
  amount: decimalString,
  /** 1 for the player's first successful deposit, 2 for the second, … */
  deposit_number: z.number().int().min(1),
  is_first_deposit: z.boolean(),
});
export type DepositSettledEvent = z.infer<typeof depositSettledEvent>;
