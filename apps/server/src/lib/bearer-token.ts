import { createHash, timingSafeEqual } from "node:crypto";

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether an Authorization header carries exactly `Bearer <expected>`. Both
 * sides are hashed first so the comparison takes the same time whatever the
 * length or the first wrong character (a static secret, not a player's JWT).
 */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const match = /^Bearer[ ]+(\S{1,512})$/i.exec(header ?? "");
  const given = match?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}
