// Zod-free on purpose: the player app imports this into its dialogs, and zod would
// add tens of kilobytes to every page that checks a password as you type.

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
