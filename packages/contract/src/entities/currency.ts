import { z } from "zod";

/** A decimal amount as a plain string ("10", "0.00000001"): money is never a JS number. */
export const decimalString = z
  .string()
  .max(64)
  .regex(/^-?\d+(\.\d+)?$/, "must be a plain decimal string");
export type DecimalString = z.infer<typeof decimalString>;

export const currencyType = z.enum(["fiat", "crypto"]);
export type CurrencyType = z.infer<typeof currencyType>;

export const currencyNetwork = z
  .object({
    guid: z.uuid(),
    /** Network code as payment providers name it: "BTC", "ERC20", "TRC20". */
    code: z.string().max(32),
    name: z.string().max(80),
    /** A memo/destination tag must accompany transfers on this network. */
    requires_destination_tag: z.boolean(),
    /** Block confirmations before a deposit is credited. */
    confirmations: z.number().int().min(0),
  })
  .describe("Currency network (crypto)");
export type CurrencyNetwork = z.infer<typeof currencyNetwork>;

export const currency = z
  .object({
    guid: z.uuid(),
    external_guid: z.string().max(64),
    is_default: z.boolean(),
    icon: z.string().max(300).nullable(),
    /** ISO 4217 for fiat, ticker for crypto: "USD", "BTC". */
    code: z.string().max(16),
    symbol: z.string().max(8),
    name: z.string().max(80),
    /** Operator's display name; clients show it instead of `code` when set. */
    custom_name: z.string().max(80).nullable(),
    type: currencyType,
    /** Offered at registration. */
    registration: z.boolean(),
    /** Fraction digits amounts in this currency may carry (JPY 0, BTC 8, ETH 18). */
    decimals: z.number().int().min(0).max(18),
    ordering: z.number().int(),
    min_bet_slot_real: decimalString,
    max_bet_slot_real: decimalString,
    min_bet_live_real: decimalString,
    max_bet_live_real: decimalString,
    max_bet_slot_bonus: decimalString,
    max_bet_live_bonus: decimalString,
    min_deposit: decimalString,
    max_deposit: decimalString,
    min_withdraw: decimalString,
    max_withdraw: decimalString,
    /** Bonus balance below which an active bonus is considered spent. */
    bonus_threshold: decimalString,
    /** Guids of the countries where the currency is offered; empty means everywhere. */
    countries: z.array(z.uuid()),
    /** Transfer networks; empty for fiat. */
    networks: z.array(currencyNetwork),
  })
  .describe("Currency");
export type Currency = z.infer<typeof currency>;
