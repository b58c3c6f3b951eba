import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

// TOTP secrets at rest (ADR 017): AES-256-GCM under a key derived from STAFF_SECRET_KEY, so a copy
// of the database alone (a backup, a replica, a dump) does not let anyone mint a staff member's
// codes. Format "v1.<iv>.<tag>.<ciphertext>", base64url parts; the version names the scheme so a
// later key rotation can tell old boxes apart.

const VERSION = "v1";

const keyFrom = (secretKey: string) =>
  Buffer.from(hkdfSync("sha256", secretKey, "croupier", "staff totp secret v1", 32));

/** Encrypts a TOTP secret for the staff_users.totp_secret column. */
export function sealStaffSecret(secretKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secretKey), iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

/** The TOTP secret, or null when the box is not ours (another STAFF_SECRET_KEY, or tampered with). */
export function openStaffSecret(secretKey: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secretKey), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
