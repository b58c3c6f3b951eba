import { z } from "zod";
import { customerPromoCodeStatus, PROMO_CODE_PATTERN, promoCodeActivator } from "../entities/promo-code.ts";

// Promo codes in the back office (issue #18, ADR 034), under /api/backoffice/v1. Permission
// "bonuses.manage" for every call; every change and every export is audited. A code belongs to a
// campaign with trigger promo_code (type fixed_amount, free_spins or deposit_match).
//
// Routes:
//   GET  /promo-codes                        promoCodesQuery → listEnvelope(staffPromoCode)
//   POST /promo-codes                        createPromoCodeInput → staffPromoCode (a chosen code; 409 if it exists)
//   POST /promo-codes/batches                generatePromoCodesInput → promoCodeBatch (N random codes)
//   GET  /promo-codes/export.csv             promoCodesExportQuery → text/csv (a batch's or a campaign's codes)
//   POST /promo-codes/:guid/status           promoCodeStatusInput → staffPromoCode (enable / disable)
//   GET  /promo-codes/:guid/activations      promoCodeActivationsQuery → listEnvelope(promoCodeActivationRow)

export const PROMO_CODES_STAFF_PER_PAGE_MAX = 100;
export const PROMO_BATCH_MAX = 10_000;
export const PROMO_BATCH_PREFIX_MAX = 12;
export const PROMO_RANDOM_LENGTH_MIN = 6;
export const PROMO_RANDOM_LENGTH_MAX = 16;
/** A CSV export stops here: a larger campaign is exported one batch at a time. */
export const PROMO_EXPORT_MAX = 50_000;
export const PROMO_NAME_MAX = 120;
export const PROMO_CONDITIONS_MAX = 5_000;
export const PROMO_SEGMENTS_MAX = 100;
export const PROMO_COUNTRIES_MAX = 250;
/** The alphabet of generated codes: no 0/O, 1/I/L, 2/Z, 5/S or 8/B to misread. */
export const PROMO_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";

export const promoCodeStatuses = ["active", "disabled"] as const;
export const promoCodeStatus = z.enum(promoCodeStatuses);

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const perPage = z.coerce.number().int().min(1).max(PROMO_CODES_STAFF_PER_PAGE_MAX).default(25);
const timestamp = z.iso.datetime({ offset: true });
const uniqueIds = (max: number) =>
  z
    .array(z.uuid())
    .max(max)
    .refine((v) => new Set(v).size === v.length, "must not repeat an id");

export const promoCodesQuery = z.object({
  bonus_guid: z.uuid().optional(),
  batch_guid: z.uuid().optional(),
  status: promoCodeStatus.optional(),
  /** The start of the code (case-insensitive). */
  code: z.string().trim().max(32).optional(),
  page,
  per_page: perPage,
});
export type PromoCodesQuery = z.infer<typeof promoCodesQuery>;

export const promoCodeParams = z.object({ guid: z.uuid() });

/** What a code and a batch share: who may redeem it, when, and how often. */
const promoCodeTerms = {
  bonus_guid: z.uuid(),
  name: z.string().trim().min(1).max(PROMO_NAME_MAX),
  conditions: z.string().trim().max(PROMO_CONDITIONS_MAX).default(""),
  start_date: timestamp.nullable().default(null),
  end_date: timestamp.nullable().default(null),
  /** false: one redemption in total; true: up to multiple_use_count in total (0 = unlimited). Always once per player. */
  multiple_use: z.boolean().default(false),
  multiple_use_count: z.number().int().min(0).max(100_000_000).default(0),
  segment_guids: uniqueIds(PROMO_SEGMENTS_MAX).default([]),
  /** ISO 3166-1 alpha-2 codes; empty = every country. */
  country_codes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
        .transform((v) => v.toUpperCase()),
    )
    .max(PROMO_COUNTRIES_MAX)
    .default([]),
};

export const createPromoCodeInput = z
  .object({
    ...promoCodeTerms,
    code: z
      .string()
      .trim()
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(PROMO_CODE_PATTERN, "must be 3 to 32 of A-Z, 0-9, - and _, starting with a letter or digit")),
    /** A personal code: only the player with this email may redeem it. */
    email: z.email().max(254).nullable().default(null),
  })
  .strict();
export type CreatePromoCodeInput = z.infer<typeof createPromoCodeInput>;

export const generatePromoCodesInput = z
  .object({
    ...promoCodeTerms,
    count: z.number().int().min(1).max(PROMO_BATCH_MAX),
    /** Optional fixed start, e.g. "SPRING-". */
    prefix: z
      .string()
      .trim()
      .max(PROMO_BATCH_PREFIX_MAX)
      .transform((v) => v.toUpperCase())
      .pipe(z.string().regex(/^([A-Z0-9][A-Z0-9_-]*)?$/, "must be A-Z, 0-9, - and _, starting with a letter or digit"))
      .default(""),
    /** Random characters after the prefix. */
    length: z.number().int().min(PROMO_RANDOM_LENGTH_MIN).max(PROMO_RANDOM_LENGTH_MAX).default(8),
  })
  .strict();
export type GeneratePromoCodesInput = z.infer<typeof generatePromoCodesInput>;

export const promoCodeStatusInput = z.object({ status: promoCodeStatus }).strict();

export const promoCodesExportQuery = z
  .object({ bonus_guid: z.uuid().optional(), batch_guid: z.uuid().optional() })
  .refine((q) => q.bonus_guid !== undefined || q.batch_guid !== undefined, "give bonus_guid or batch_guid");

export const promoCodeActivationsQuery = z.object({ page, per_page: perPage });

export const staffPromoCode = z.object({
  guid: z.uuid(),
  bonus_guid: z.uuid(),
  bonus_name: z.string().max(120),
  bonus_type: z.string().max(16),
  code: z.string().max(32),
  name: z.string().max(PROMO_NAME_MAX),
  conditions: z.string().max(PROMO_CONDITIONS_MAX),
  email: z.string().max(254).nullable(),
  start_date: z.string().max(40).nullable(),
  end_date: z.string().max(40).nullable(),
  multiple_use: z.boolean(),
  multiple_use_count: z.number().int().min(0),
  used_count: z.number().int().min(0),
  segment_guids: z.array(z.uuid()),
  country_codes: z.array(z.string().max(2)),
  batch_guid: z.uuid().nullable(),
  status: promoCodeStatus,
  created_by: z.uuid().nullable(),
  created_at: z.string().max(40),
  updated_at: z.string().max(40),
});
export type StaffPromoCode = z.infer<typeof staffPromoCode>;

export const promoCodeBatch = z.object({
  batch_guid: z.uuid(),
  bonus_guid: z.uuid(),
  count: z.number().int().min(1),
  /** The first few codes, to show; the full list is the CSV export. */
  sample: z.array(z.string().max(32)).max(10),
});
export type PromoCodeBatch = z.infer<typeof promoCodeBatch>;

export const promoCodeActivationRow = z.object({
  guid: z.uuid(),
  customer_guid: z.uuid(),
  customer_email: z.string().max(254),
  status: customerPromoCodeStatus,
  activated_by: promoCodeActivator,
  activated_at: z.string().max(40).nullable(),
  created_at: z.string().max(40),
  customer_bonus_guid: z.uuid().nullable(),
  customer_bonus_status: z.string().max(16).nullable(),
});
export type PromoCodeActivationRow = z.infer<typeof promoCodeActivationRow>;
