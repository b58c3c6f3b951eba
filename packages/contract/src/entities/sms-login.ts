import { z } from "zod";
import { phone } from "./profile.ts";

/**
 * Log in by SMS code (the `sms-auth` feature flag, ADR 025): a 6-digit code to a verified phone.
 * POST /authorization/sms-code/request answers the same whether or not the number belongs to an
 * account; POST /authorization/sms-code/login answers the tokens of a normal session.
 */
export const smsLoginCodeRequestBody = z.object({ phone }).describe("The phone to text a login code to");
export type SmsLoginCodeRequestBody = z.infer<typeof smsLoginCodeRequestBody>;

export const smsLoginBody = z
  .object({
    phone,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "must be the 6 digits of the text message"),
  })
  .describe("A texted login code");
export type SmsLoginBody = z.infer<typeof smsLoginBody>;

/** How long a texted login code works, and how many wrong tries it takes. */
export const SMS_LOGIN_CODE_TTL_SECONDS = 300;
export const SMS_LOGIN_CODE_MAX_ATTEMPTS = 5;
