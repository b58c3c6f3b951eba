import { z } from "zod";

/**
 * Every response of the product API is one envelope:
 *
 *   { status, payload, metadata }
 *
 * - `status` is the string "ok" for a 2xx answer and "error" for anything else;
 *   the HTTP status code is the authority, `status` saves clients a lookup.
 * - `payload` is the call's data on success, and an {@link ApiError} on failure.
 * - `metadata` always carries `request_id` (the same id as the `x-request-id`
 *   response header and the server's log lines); list calls add the pager
 *   (`page`, `per_page`, `total`), other calls may add call-specific fields
 *   (e.g. `country_code` on /session/create).
 */
export const envelopeStatus = z.enum(["ok", "error"]);
export type EnvelopeStatus = z.infer<typeof envelopeStatus>;

export const fieldError = z.object({
  /** Dotted path of the offending input, prefixed by where it came from: "body.email", "query.page". */
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldError>;

export const errorCodes = [
  "VALIDATION_ERROR",
  "BAD_REQUEST",
  "UNAUTHORIZED",
  "FORBIDDEN",
  "NOT_FOUND",
  "METHOD_NOT_ALLOWED",
  "CONFLICT",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "LIMIT_REACHED",
  "PLAYER_BLOCKED",
  "NOT_ENOUGH_MONEY",
  // POST /promocodes/activate (issue #18, ADR 034): why a code was refused, one code per reason.
  "PROMO_CODE_UNKNOWN",
  "PROMO_CODE_EXPIRED",
  "PROMO_CODE_USED_UP",
  "PROMO_CODE_ALREADY_USED",
  "PROMO_CODE_NOT_FOR_YOU",
  "BONUS_INELIGIBLE",
  "FEATURE_DISABLED",
  "INTERNAL_ERROR",
  "SERVICE_UNAVAILABLE",
] as const;
export const errorCode = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof errorCode>;

export const apiError = z.object({
  /** Machine-readable; stable across releases. */
  code: errorCode,
  /** Human-readable, safe to show to a player as is. */
  message: z.string(),
  /** Present on VALIDATION_ERROR: one entry per offending field. */
  fields: z.array(fieldError).optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const baseMetadata = z.object({ request_id: z.string() }).catchall(z.unknown());

export const pager = z.object({
  page: z.number().int().min(1),
  per_page: z.number().int().min(1),
  total: z.number().int().min(0),
});
export type Pager = z.infer<typeof pager>;

export const okEnvelope = <T extends z.ZodType>(payload: T) =>
  z.object({ status: z.literal("ok"), payload, metadata: baseMetadata });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.literal("ok"),
    payload: z.array(item),
    metadata: baseMetadata.extend(pager.shape),
  });

export const errorEnvelope = z.object({
  status: z.literal("error"),
  payload: apiError,
  metadata: baseMetadata,
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = {
  status: EnvelopeStatus;
  payload: T;
  metadata: { request_id: string } & Record<string, unknown>;
};

/** Page-size ceilings. Wallet lists are allowed the spec's 10000; catalogue-like lists stop at 200. */
export const PER_PAGE_MAX = 200;
export const WALLETS_PER_PAGE_MAX = 10_000;
