import { createHash, randomBytes, randomInt } from "node:crypto";

/** A URL-safe secret with 256 bits of entropy (mail links). */
export const newLinkSecret = () => randomBytes(32).toString("base64url");

// Crockford base32 without I, L, O, U: nothing to misread when typing a code from a mail.
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
/** A 10-character login code (50 bits): typeable, and unguessable under the attempt limits. */
export function newLoginCode(): string {
  let code = "";
  for (let i = 0; i < 10; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}
export const normalizeLoginCode = (code: string) => code.replace(/[\s-]/g, "").toUpperCase();

/** Six digits for SMS. */
export const newSmsCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");

/** Only hashes of secrets are stored, so a database leak hands out no live links. */
export const hashSecret = (secret: string) => createHash("sha256").update(secret, "utf8").digest("hex");

export const iso = (value: string | Date | null | undefined): string | null =>
  value == null ? null : new Date(value).toISOString();
