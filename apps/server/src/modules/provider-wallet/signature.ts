import { createHmac, timingSafeEqual } from "node:crypto";

/** Lowercase hex HMAC-SHA256 of the raw body: what a provider puts in X-Signature. */
export function signBody(secret: string, rawBody: Buffer | string): string {
  return createHmac("sha256", secret).update(rawBody).digest("hex");
}

/** Constant-time check of X-Signature against the raw request body. */
export function isValidSignature(secret: string, rawBody: Buffer, header: unknown): boolean {
  if (typeof header !== "string" || !/^[0-9a-f]{64}$/.test(header)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), "hex");
  return timingSafeEqual(expected, Buffer.from(header, "hex"));
}
