import { z } from "zod";

/**
 * Password policy, shared by the server (enforced) and the player app (checked as you type):
 * 8 to 128 characters, not the account's email (or its local part), not one of the
 * most common passwords. Length beats composition rules (NIST SP 800-63B §3.1.1.2).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

// The most used passwords from public breach lists; all are refused whatever their case.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  "password", "password1", "password12", "password123", "passw0rd", "p@ssw0rd", "12345678", "123456789",
  "1234567890", "123123123", "11111111", "00000000", "87654321", "qwertyui", "qwerty123", "qwertyuiop",
  "1q2w3e4r", "1qaz2wsx", "zaq12wsx", "abc12345", "abcd1234", "iloveyou", "sunshine", "princess",
  "football", "baseball", "welcome1", "letmein1", "trustno1", "superman", "starwars", "whatever",
  "dragon123", "monkey123", "admin123", "administrator", "casino123", "jackpot1", "changeme",
]);

/** Every rule the password breaks, as player-facing messages; empty when it is acceptable. */
export function passwordPolicyIssues(password: string, email?: string | null): string[] {
  const issues: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) issues.push(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > PASSWORD_MAX_LENGTH) issues.push(`Use at most ${PASSWORD_MAX_LENGTH} characters.`);
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) issues.push("This password is too common; choose another one.");
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split("@")[0] ?? "";
    if (lower === address || (local.length >= 4 && lower === local))
      issues.push("The password must not be your email address.");
  }
  return issues;
}

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
