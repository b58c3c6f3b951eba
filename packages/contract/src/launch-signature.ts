import { createHmac, timingSafeEqual } from "node:crypto";
import type { JurisdictionCode } from "./jurisdiction.ts";

/**
 * The signed part of a game launch URL (server side only: node:crypto). The platform adds
 * `jurisdiction`, `player` and `launch_sig` to every provider's launch URL; the provider checks the
 * signature with the secret it shares with the platform (the one its wallet calls are signed with)
 * before it believes them, so a player cannot edit the URL to pick a laxer jurisdiction or pose as
 * another player. Both sides build the message here, so they cannot drift apart.
 */
export type LaunchFields = {
  /** The game session token; null in demo. */
  token: string | null;
  /** The catalogue's external_guid of the game (the provider's own game code). */
  game_code: string;
  jurisdiction: JurisdictionCode;
  /** The pseudonymous player reference (playerReference); null in demo. */
  player: string | null;
};

const MAX_FIELD = 512;

// Newline-separated with a version prefix: no field may contain a newline, so no two launches share a message.
function message(fields: LaunchFields): string | null {
  const parts = [fields.token ?? "", fields.game_code, fields.jurisdiction, fields.player ?? ""];
  if (parts.some((part) => part.length > MAX_FIELD || /[\r\n]/.test(part))) return null;
  return ["croupier-launch-v1", ...parts].join("\n");
}

/** launch_sig: HMAC-SHA256(provider secret, message) in hex. */
export function signLaunch(secret: string, fields: LaunchFields): string {
  const text = message(fields);
  if (text === null) throw new Error("launch fields must be single-line and at most 512 characters");
  return createHmac("sha256", secret).update(text).digest("hex");
}

/** Constant-time check of a launch_sig; false for anything malformed. */
export function verifyLaunch(secret: string, fields: LaunchFields, signature: string | null | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const text = message(fields);
  if (text === null) return false;
  const expected = createHmac("sha256", secret).update(text).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

/**
 * The stable pseudonymous reference of a player at one provider: HMAC(provider secret, customer guid).
 * One player is one key across all of their sessions and games (per-player limits such as the time
 * between slot spins hold across them), while the provider never learns the platform's id.
 */
export function playerReference(secret: string, customerGuid: string): string {
  return createHmac("sha256", secret).update(`croupier-player-v1\n${customerGuid}`).digest("base64url").slice(0, 32);
}
