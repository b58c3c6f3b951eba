import { createHash } from "node:crypto";

/**
 * A stable UUID for a reference row, derived from sha256 of a name such as
 * "country:GB". Every installation gets the same guids for the same reference
 * data, and re-seeding finds the rows it wrote before. Shaped as an RFC 9562
 * version 8 (custom) UUID so strict validators accept it.
 */
export function deterministicGuid(name: string): string {
  const bytes = createHash("sha256").update(name, "utf8").digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
