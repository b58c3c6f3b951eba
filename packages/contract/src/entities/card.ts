import { z } from "zod";

/**
 * Saved payment cards. The server stores only the provider's token, BIN,
 * last 4, holder and expiry; card_number in an answer is always masked
 * ("424242******4242"). A full number is accepted on create only, handed to
 * the provider for tokenisation and never stored or logged.
 */
const cardNumberInput = z
  .string()
  .max(32)
  .regex(/^[0-9 -]{12,32}$/, "must be 12 to 19 digits");
const holderInput = z.string().trim().min(2).max(100);
const monthInput = z.coerce.number().int().min(1).max(12);
const yearInput = z.coerce.number().int().min(2000).max(2100);

/** Payment card as the billing calls show it. */
export const billingCard = z
  .object({
    guid: z.uuid(),
    card_number: z.string(),
    cardholder_name: z.string(),
    expiration_year: z.number().int(),
    expiration_month: z.number().int(),
    customer_guid: z.uuid(),
    project_guid: z.uuid().nullable(),
    created_at: z.string(),
  })
  .describe("Payment card (billing)");
export type BillingCard = z.infer<typeof billingCard>;

export const billingCardInput = z.object({
  card_number: cardNumberInput,
  cardholder_name: holderInput,
  expiration_year: yearInput,
  expiration_month: monthInput,
});
export type BillingCardInput = z.infer<typeof billingCardInput>;

/** Payment card as the payment API shows it. */
export const paymentCard = z
  .object({
    guid: z.uuid(),
    card_number: z.string(),
    card_holder: z.string(),
    card_exp_month: z.number().int(),
    card_exp_year: z.number().int(),
    customer_guid: z.uuid(),
  })
  .describe("Payment card (payment API)");
export type PaymentCard = z.infer<typeof paymentCard>;

export const paymentCardInput = z.object({
  card_number: cardNumberInput,
  card_holder: holderInput,
  card_exp_month: monthInput,
  card_exp_year: yearInput,
});
export type PaymentCardInput = z.infer<typeof paymentCardInput>;

export const cardGuidParams = z.object({ guid: z.uuid() });
