import type { DatabaseHandle } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { lockedUntil, recordFailure, type Limit } from "../identity/authorization/attempt-limits.ts";

// Refused promo codes, counted in the login_attempts table (shared by every server process, ADR 015)
// under keys of their own, so guessing codes does not pay (ADR 034):
//   promo-player:<player guid>  refused redemptions of one player, from any address
//   promo-ip:<client address>   refused redemptions (and refused sign-up codes) from one address, any player
// While a key is locked every redemption is refused before the code is even looked up, a valid one too.
export const PROMO_LOCK_MINUTES = 15;
export const PROMO_LIMITS = {
  player: { max: 10, minutes: PROMO_LOCK_MINUTES },
  address: { max: 30, minutes: PROMO_LOCK_MINUTES },
} satisfies Record<string, Limit>;

export const promoPlayerKey = (playerGuid: string) => `promo-player:${playerGuid}`;
export const promoAddressKey = (address: string) => `promo-ip:${address}`;

/** A 429 that knows when to come back: the route copies retry_after_s into Retry-After and the metadata. */
export class PromoRateLimitedError extends AppError {
  readonly retry_after_s: number;
  constructor(until: string) {
    const retry_after_s = Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 1000));
    const minutes = Math.ceil(retry_after_s / 60);
    super(
      "RATE_LIMITED",
      `Too many invalid promo codes. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
    this.retry_after_s = retry_after_s;
  }
}

/** The keys one attempt is counted under (no player at sign-up: the address only). */
export function promoAttemptKeys(input: { playerGuid: string | null; address: string | null }): [string, Limit][] {
  const keys: [string, Limit][] = [];
  if (input.playerGuid) keys.push([promoPlayerKey(input.playerGuid), PROMO_LIMITS.player]);
  if (input.address) keys.push([promoAddressKey(input.address), PROMO_LIMITS.address]);
  return keys;
}

/** Throws PromoRateLimitedError when any of the keys is locked now. */
export async function assertPromoNotLocked(database: DatabaseHandle, keys: [string, Limit][]): Promise<void> {
  for (const [key] of keys) {
    const until = await lockedUntil(database, key);
    if (until) throw new PromoRateLimitedError(until);
  }
}

/** Counts one refused code under each key (outside the refused transaction, so the count survives its rollback). */
export async function countPromoFailure(database: DatabaseHandle, keys: [string, Limit][]): Promise<void> {
  for (const [key, limit] of keys) await recordFailure(database, key, limit);
}
