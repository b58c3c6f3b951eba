import { z } from "zod";
import { decimalString } from "./currency.ts";
import { amountInput, paymentStatus, transactionType } from "./payment.ts";

const urlInput = z.string().max(2000);
const personal = {
  first_name: z.string().max(100).optional(),
  last_name: z.string().max(100).optional(),
  email: z.string().max(254).optional(),
  phone: z.string().max(40).optional(),
  locale: z.string().max(35).optional(),
  country_code: z.string().max(8).optional(),
};

export const depositInput = z.object({
  amount: amountInput,
  currency_guid: z.uuid(),
  /** The payment system (GET /billing/psp/list). */
  psp_guid: z.uuid(),
  /** Where the provider sends the player back: same-origin path or URL. */
  return_url: urlInput.optional(),
  declined_url: urlInput.optional(),
  /** A saved card to pay with (its CVV is asked on the provider's page). */
  card_guid: z.uuid().optional(),
  /** The chosen deposit bonus campaign (bonus_guid), null = no bonus; absent = the default offers (issue #17). */
  bonus_guid: z.uuid().nullable().optional(),
  ...personal,
  address: z.string().max(200).optional(),
  town: z.string().max(100).optional(),
  zip: z.string().max(20).optional(),
});
export type DepositInput = z.infer<typeof depositInput>;

export const depositResult = z
  .object({ transaction_guid: z.uuid(), redirect_url: z.string().nullable() })
  .describe("Deposit result");
export type DepositResult = z.infer<typeof depositResult>;

export const depositTestInput = z.object({ amount: amountInput, currency_guid: z.uuid() });

export const withdrawalInput = z.object({
  amount: amountInput,
  wallet_guid: z.uuid(),
  psp_guid: z.uuid(),
  /** Crypto address (crypto payment systems). */
  external_account: z.string().trim().min(10).max(128).optional(),
  network: z.string().max(32).optional(),
  destination_tag: z.string().regex(/^\d{1,10}$/).optional(),
  /** Saved card (card payment systems). */
  card_guid: z.uuid().optional(),
  /** The player confirms cancelling an active bonus (and its winnings) to withdraw (issue #17). */
  forfeit_bonus: z.boolean().optional(),
  ...personal,
});
export type WithdrawalInput = z.infer<typeof withdrawalInput>;

export const paymentSystemCurrency = z.object({
  guid: z.uuid(),
  type: z.enum(["fiat", "crypto"]),
  code: z.string(),
  symbol: z.string(),
  name: z.string(),
  payment_system_guid: z.uuid(),
  networks: z.array(z.object({ code: z.string(), name: z.string(), requires_destination_tag: z.boolean(), confirmations: z.number().int() })),
});

export const paymentSystem = z
  .object({
    name: z.string(),
    guid: z.uuid(),
    currencies: z.array(paymentSystemCurrency),
    enabled: z.boolean(),
    project_enabled: z.boolean(),
    psp_deposit: z.boolean(),
    psp_withdrawal: z.boolean(),
  })
  .describe("Payment system");
export type PaymentSystem = z.infer<typeof paymentSystem>;

export const pspInfoParams = z.object({ psp_name: z.string().min(1).max(64) });
export const pspInfoQuery = z.object({ network: z.string().max(32).optional(), currency_guid: z.uuid() });
export const pspInfoBody = pspInfoQuery.extend({ recaptcha_response: z.string().max(4096).optional() });

export const paymentInfo = z
  .object({
    currency_code: z.string(),
    currency_guid: z.uuid(),
    /** Crypto: the player's deposit address for this wallet and network; null for card systems. */
    address: z.string().nullable(),
    network: z.string().nullable(),
    minimum_deposit_amount: decimalString,
    minimum_withdraw_fee: decimalString,
    processing_fee: decimalString,
    /** Human-readable expectation, e.g. "12 confirmations". */
    waiting_time: z.string(),
    /** Required on networks that share one address (memo/tag); null otherwise. */
    destination_tag: z.string().nullable(),
  })
  .describe("Payment info");
export type PaymentInfo = z.infer<typeof paymentInfo>;

export const providersMetadataQuery = z.object({ payment_method_guid: z.uuid() });
export const providerMetadata = z
  .object({
    banks: z.array(z.object({ name: z.string() })).optional(),
    providers: z.array(z.object({ id: z.string(), display_name: z.string() })).optional(),
  })
  .describe("Provider metadata");

export const transactionLog = z.object({
  guid: z.uuid(),
  transaction_guid: z.uuid(),
  payload: z.record(z.string(), z.unknown()),
  comment: z.string().nullable(),
  created_at: z.string(),
});

export const billingTransaction = z
  .object({
    guid: z.uuid(),
    id: z.number().int(),
    project_guid: z.uuid().nullable(),
    currency_guid: z.uuid(),
    customer_guid: z.uuid(),
    manager_guid: z.uuid().nullable(),
    wallet_guid: z.uuid(),
    psp_guid: z.uuid(),
    psp_method: z.string(),
    psp_external_id: z.string().nullable(),
    psp_fee: decimalString,
    network_fee: decimalString,
    fixed_fee: decimalString,
    external_account: z.string().nullable(),
    psp_transaction_hash: z.string().nullable(),
    operation_type: transactionType,
    status: paymentStatus,
    amount: decimalString,
    /** Ordinal among the player's payments of this type (all, by creation). */
    number: z.number().int(),
    /** Ordinal among the successful ones (1st deposit, …); null until it succeeds. */
    successful_number: z.number().int().nullable(),
    balance_before: decimalString.nullable(),
    balance_after: decimalString.nullable(),
    network: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    provider_log: z.array(z.record(z.string(), z.unknown())),
    logs: z.array(transactionLog),
  })
  .describe("Billing transaction");
export type BillingTransaction = z.infer<typeof billingTransaction>;

export const transactionsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).default(20),
  /** Only this transaction. */
  guid: z.uuid().optional(),
});

export const pspTransactionParams = z.object({ psp_transaction_guid: z.uuid() });
