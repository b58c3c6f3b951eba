import { createHash, randomBytes } from "node:crypto";

/** 256 random bits, URL-safe: the `token` query parameter of game_url. */
export function newGameSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** Only this hash is stored: a database leak does not hand out live sessions. */
export function hashGameSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
