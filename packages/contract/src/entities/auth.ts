import { z } from "zod";

export { COMMON_PASSWORDS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordPolicyIssues } from "../password-policy.ts";

export const email = z.string().trim().toLowerCase().max(254).pipe(z.email("must be a valid email address"));
/** Transport limit only; the policy above gives the player-facing messages. */
export const passwordInput = z.string().min(1, "is required").max(1024);

export const tokens = z
  .object({
    /** JWT, about 15 minutes: sub (user guid, when logged in), sid, exp, iat, iss, aud, typ "access". */
    access_token: z.string(),
    /** JWT, single use, 30 days absolute from login: sid, jti, exp, typ "refresh". */
    refresh_token: z.string(),
  })
  .describe("Login result");
export type Tokens = z.infer<typeof tokens>;

export const authProfile = z
  .object({ name: z.string(), email: z.string(), email_approved: z.boolean(), is_admin: z.boolean() })
  .describe("Auth profile");
export type AuthProfile = z.infer<typeof authProfile>;

export const wssToken = z.object({ token: z.string() }).describe("Websocket token (60 s)");
export const providerRedirect = z.object({ redirect_url: z.string() }).describe("Provider redirect result");
export const recaptchaSettings = z
  .object({ enabled: z.boolean(), site_key: z.string().nullable() })
  .describe("Captcha site key");

export const loginBody = z.object({ email, password: passwordInput });
export const codeLoginBody = z.object({
  token: z.string().trim().min(1).max(128),
  /** Optional: ties failed attempts to that account's code, which dies after 5 wrong tries. */
  email: email.optional(),
});
export const requestLoginCodeBody = z.object({
  email,
  currency_guid: z.uuid().optional().nullable(),
  b_tag: z.string().max(200).optional().nullable(),
});
export const providerName = z.string().regex(/^[a-z0-9_-]{1,64}$/, "must be a configured provider name");
export const providerRedirectQuery = z.object({
  provider: providerName,
  currency_guid: z.uuid().optional(),
  b_tag: z.string().max(200).optional(),
});
export const providerLoginQuery = z.object({
  provider: providerName,
  state: z.string().min(16).max(256),
  code: z.string().min(1).max(2048),
  scope: z.string().max(2048).optional(),
  authuser: z.string().max(32).optional(),
  prompt: z.string().max(64).optional(),
  hd: z.string().max(253).optional(),
});
