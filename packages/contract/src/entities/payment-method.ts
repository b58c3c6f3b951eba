import { z } from "zod";
import { decimalString } from "./currency.ts";

export const paymentMethodCurrency = z.object({
  currency_guid: z.uuid(),
  /** The currency the money lands in (same as currency_guid: no conversion on deposit). */
  target_currency_guid: z.uuid(),
  /** Effective limits: the narrower of the currency's and the method's. */
  min_amount: decimalString,
  max_amount: decimalString,
  is_crypto: z.boolean(),
  networks: z.array(z.object({ code: z.string(), name: z.string(), requires_destination_tag: z.boolean(), confirmations: z.number().int() })),
  quick_amounts: z.array(decimalString),
  symbol: z.string(),
  enabled: z.boolean(),
});

export const paymentMethodSection = z.object({
  enabled: z.boolean(),
  ordering: z.number().int(),
  comment: z.string().nullable(),
  /** Field names the player must supply for this direction. */
  required_params: z.array(z.string()),
  /** Fields the answer carries (redirect_url, address, …). */
  response_data: z.array(z.string()),
  currencies: z.array(paymentMethodCurrency),
});

/** Payment method with its deposit and withdrawal sections. */
export const paymentMethod = z
  .object({
    guid: z.uuid(),
    name: z.string(),
    icon: z.string().nullable(),
    icon_mobile: z.string().nullable(),
    /** The payment system (psp_guid) behind it. */
    payment_system_guid: z.uuid(),
    psp_name: z.string(),
    deposit: paymentMethodSection,
    withdrawal: paymentMethodSection,
  })
  .describe("Payment method");
export type PaymentMethod = z.infer<typeof paymentMethod>;

const guidList = z
  .union([z.uuid(), z.array(z.uuid()).max(50), z.string().max(2000)])
  .transform((value, ctx) => {
    const items = Array.isArray(value) ? value : value.split(",").map((v) => v.trim()).filter(Boolean);
    for (const item of items) {
      if (!z.uuid().safeParse(item).success) {
        ctx.addIssue({ code: "custom", message: "must be a guid or a comma-separated list of guids" });
        return z.NEVER;
      }
    }
    return items.slice(0, 50);
  });

export const paymentMethodsQuery = z.object({
  project_guid: z.uuid().optional(),
  /** One or more segment guids (repeated, or comma-separated). Omitted: the profile's billing_segments, else the country default. */
  segment_guid: guidList.optional(),
  country_guid: z.uuid().optional(),
});
