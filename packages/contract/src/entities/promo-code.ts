import { z } from "zod";

/**
 * Promo codes, player side (issue #18, ADR 034; seed 001 "Bonuses and promo codes", "### Promo codes").
 *
 *   POST /promocodes/activate   activatePromoCodeBody → okEnvelope(promoCodeActivation)
 *   POST /promocodes/enrich     enrichPromoCodesBody  → okEnvelope(promoCode[])  (codes the player redeemed)
 *   GET  /promocodes            customerPromoCodesQuery → listEnvelope(customerPromoCode), newest first
 *
 * Refusals of /promocodes/activate carry one error code per reason (packages/contract/src/envelope.ts):
 * PROMO_CODE_UNKNOWN (404), PROMO_CODE_EXPIRED (409: ended, not started yet, or disabled),
 * PROMO_CODE_USED_UP (409), PROMO_CODE_ALREADY_USED (409: the player already redeemed a code of this
 * campaign), PROMO_CODE_NOT_FOR_YOU (403: segment, country, personal email, campaign not running,
 * excluded player), BONUS_INELIGIBLE (409: the bonus cannot be granted, e.g. no terms in the wallet's
 * currency), RATE_LIMITED (429, Retry-After header and metadata.retry_after_s).
 */

export const PROMO_CODE_MIN = 3;
export const PROMO_CODE_MAX = 32;
/** What a code may contain once upper-cased. */
export const PROMO_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const PROMO_CODES_PER_PAGE_MAX = 100;
export const PROMO_CODES_ENRICH_MAX = 50;

export const customerPromoCodeStatuses = ["pending", "activated"] as const;
export const customerPromoCodeStatus = z.enum(customerPromoCodeStatuses);
export type CustomerPromoCodeStatus = z.infer<typeof customerPromoCodeStatus>;

export const promoCodeActivators = ["customer", "signup"] as const;
export const promoCodeActivator = z.enum(promoCodeActivators);

const timestamp = z.string().max(40);

/** Upper-cases and trims what the player typed; the format is checked by the service (a clear error, counted). */
export const promoCodeInput = z
  .string()
  .trim()
  .min(1, "is required")
  .max(64, "is too long")
  .transform((v) => v.toUpperCase());

export const activatePromoCodeBody = z.object({ code: promoCodeInput });
export type ActivatePromoCodeBody = z.infer<typeof activatePromoCodeBody>;

export const enrichPromoCodesBody = z.object({
  guids: z.array(z.uuid()).min(1).max(PROMO_CODES_ENRICH_MAX),
});

export const customerPromoCodesQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .transform((v) => Math.min(v, PROMO_CODES_PER_PAGE_MAX)),
});

/** Promo code (seed: guid, email, name, conditions, expired_at, activated_by, end_date, code). */
export const promoCode = z
  .object({
    guid: z.uuid(),
    /** A personal code's email (the player's own); null for codes anyone may use. */
    email: z.string().max(254).nullable(),
    name: z.string().max(120),
    conditions: z.string().max(5_000),
    /** When the code stops being redeemable (its end date), null = never. */
    expired_at: timestamp.nullable(),
    /** How this player redeemed it. */
    activated_by: promoCodeActivator,
    end_date: timestamp.nullable(),
    code: z.string().max(PROMO_CODE_MAX),
  })
  .describe("Promo code");
export type PromoCode = z.infer<typeof promoCode>;

/** Customer promo code (seed 001), plus code and bonus_name so a list needs no second call. */
export const customerPromoCode = z
  .object({
    guid: z.uuid(),
    customer_guid: z.uuid(),
    project_guid: z.uuid().nullable(),
    bonus_guid: z.uuid(),
    promo_code_guid: z.uuid(),
    /** The campaign version the code was redeemed under (codes carry no versions of their own). */
    promo_code_version_guid: z.uuid(),
    multiple_use: z.boolean(),
    multiple_use_count: z.number().int().min(0),
    /** pending: a deposit-match code waiting for the next qualifying deposit; activated: the bonus was granted. */
    status: customerPromoCodeStatus,
    last_activated_at: timestamp,
    activated_at: timestamp.nullable(),
    updated_at: timestamp,
    activated_by: promoCodeActivator,
    activated_by_guid: z.uuid(),
    /** Extras. */
    code: z.string().max(PROMO_CODE_MAX),
    bonus_name: z.string().max(120),
    customer_bonus_guid: z.uuid().nullable(),
  })
  .describe("Customer promo code");
export type CustomerPromoCode = z.infer<typeof customerPromoCode>;

/** The answer of POST /promocodes/activate (the same again for a repeat of the same code). */
export const promoCodeActivation = z
  .object({
    customer_promo_code: customerPromoCode,
    /** A sentence for the toast, e.g. "Promo code accepted: Welcome 10 is yours." */
    message: z.string().max(300),
    /** true when the player had already redeemed this code: nothing new was granted or counted. */
    repeated: z.boolean(),
  })
  .describe("Promo code activation");
export type PromoCodeActivation = z.infer<typeof promoCodeActivation>;
