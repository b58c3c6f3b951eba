import { Secret, TOTP } from "otpauth";

// RFC 6238 as every authenticator app speaks it: SHA-1, 6 digits, 30 s steps. A code of the step
// before or after is accepted (clock drift), and a step once used is refused (totp_last_step).

export const TOTP_ISSUER = "Croupier back office";
const PERIOD_S = 30;
const DIGITS = 6;

const totpFor = (secret: string, email: string) =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: DIGITS,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** A fresh 160-bit secret, base32 (what authenticator apps take when typed in). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// URI the console shows as a QR code. */
export const totpUri = (secret: string, email: string): string => totpFor(secret, email).toString();

/**
 * The time step the code belongs to (now, or one step either side), or null when it is wrong.
 * The caller stores the step and refuses any step not after it, so a code is good once.
 */
export function totpStepOf(secret: string, code: string, now_ms = Date.now()): number | null {
  const totp = totpFor(secret, "");
  const delta = totp.validate({ token: code, timestamp: now_ms, window: 1 });
  if (delta === null) return null;
  return totp.counter({ timestamp: now_ms }) + delta;
}
