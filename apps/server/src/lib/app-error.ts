import type { ErrorCode, FieldError } from "@croupier/contract/envelope";

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  LIMIT_REACHED: 403,
  PLAYER_BLOCKED: 403,
  NOT_ENOUGH_MONEY: 409,
  PROMO_CODE_UNKNOWN: 404,
  PROMO_CODE_EXPIRED: 409,
  PROMO_CODE_USED_UP: 409,
  PROMO_CODE_ALREADY_USED: 409,
  PROMO_CODE_NOT_FOR_YOU: 403,
  BONUS_INELIGIBLE: 409,
  FEATURE_DISABLED: 404,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

/** An error meant for the caller: its code and message go into the envelope as they are. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly fields?: FieldError[];

  constructor(code: ErrorCode, message: string, options: { fields?: FieldError[]; statusCode?: number } = {}) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.statusCode = options.statusCode ?? statusByCode[code];
    this.fields = options.fields;
  }
}

export const notFound = (message: string) => new AppError("NOT_FOUND", message);
export const badRequest = (message: string, fields?: FieldError[]) =>
  new AppError(fields ? "VALIDATION_ERROR" : "BAD_REQUEST", message, { fields });
