import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * A refresh token's successor id, derived rather than random: 48 bits of the rotation time (ms)
 * followed by an HMAC of the spent token's id and that time, shaped as a UUID (the column's type).
 * Given a spent id and the session's current one, the server can tell that the current token was
 * minted from exactly that spent one, and when, without a column for either (ADR 012, grace).
 */
export function successorJti(secret: string, spentJti: string, atMs: number): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(atMs, 0, 6);
  mac(secret, spentJti, atMs).copy(bytes, 6, 0, 10);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80; // version 8: custom
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** When `currentJti` was minted from `spentJti`: its rotation time in ms, or null when it was not. */
export function rotatedFrom(secret: string, spentJti: string, currentJti: string): number | null {
  const hex = currentJti.replace(/-/g, "");
  if (!/^[0-9a-f]{32}$/i.test(hex)) return null;
  const atMs = Buffer.from(hex, "hex").readUIntBE(0, 6);
  const expected = Buffer.from(successorJti(secret, spentJti, atMs).replace(/-/g, ""), "hex");
  const actual = Buffer.from(hex, "hex");
  return timingSafeEqual(expected, actual) ? atMs : null;
}

const mac = (secret: string, spentJti: string, atMs: number) =>
  createHmac("sha256", secret).update(`refresh-rotation|${spentJti.toLowerCase()}|${atMs}`).digest();
