import { z } from "zod";

export const currencyPairStatus = z.enum(["active", "inactive"]);
/** fiat/fiat, crypto/crypto, or one of each ("mixed"). */
export const currencyPairType = z.enum(["fiat", "crypto", "mixed"]);

export const currencyPair = z
  .object({
    guid: z.uuid(),
    external_guid: z.string().max(64),
    /** Code of the base currency: in BTC/USD, "BTC". */
    base_asset: z.string().max(16),
    base_guid: z.uuid(),
    quote_asset: z.string().max(16),
    quote_guid: z.uuid(),
    status: currencyPairStatus,
    type: currencyPairType,
  })
  .describe("Currency pair");
export type CurrencyPair = z.infer<typeof currencyPair>;
