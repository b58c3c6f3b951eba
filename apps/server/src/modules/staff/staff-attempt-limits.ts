import type { DatabaseHandle } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { clearFailures, lockedUntil, recordFailure, type Limit } from "../identity/authorization/attempt-limits.ts";

// Staff sign-in failures (ADR 017), counted in the players' login_attempts table (shared by every
// server process, ADR 015) under keys of their own. Tighter than players' limits: a staff account
// opens every player's data, and an operator can always reset a locked-out colleague's two-factor.
//   staff-login:<email>|<ip>   wrong passwords for one account from one address
//   staff-login-ip:<ip>        wrong passwords and codes from one address, across accounts
//   staff-login-account:<email> wrong passwords for one account from any address
//   staff-code:<staff id>      wrong or replayed two-factor and recovery codes
export const STAFF_LOCK_MINUTES = 15;
export const STAFF_LIMITS = {
  accountFromIp: { max: 5, minutes: STAFF_LOCK_MINUTES },
  ip: { max: 30, minutes: STAFF_LOCK_MINUTES },
  account: { max: 10, minutes: STAFF_LOCK_MINUTES },
  code: { max: 5, minutes: STAFF_LOCK_MINUTES },
} satisfies Record<string, Limit>;

export const staffLoginKeys = (email: string, ip: string) => ({
  accountFromIp: `staff-login:${email}|${ip}`,
  ip: `staff-login-ip:${ip}`,
  account: `staff-login-account:${email}`,
});
export const staffCodeKey = (staffId: string) => `staff-code:${staffId}`;

/** A 429 that knows when to come back: the route copies retry_after_s into Retry-After. */
export class StaffRateLimitedError extends AppError {
  readonly retry_after_s: number;
  constructor(until: string) {
    const retry_after_s = Math.max(1, Math.ceil((new Date(until).getTime() - Date.now()) / 1000));
    const minutes = Math.ceil(retry_after_s / 60);
    super(
      "RATE_LIMITED",
      `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
    this.retry_after_s = retry_after_s;
  }
}

/** Throws StaffRateLimitedError when any of the keys is locked now. */
export async function assertStaffNotLocked(database: DatabaseHandle, keys: string[]): Promise<void> {
  for (const key of keys) {
    const until = await lockedUntil(database, key);
    if (until) throw new StaffRateLimitedError(until);
  }
}

/** Counts one failure under each key; throws StaffRateLimitedError when this failure locked one. */
export async function countStaffFailure(database: DatabaseHandle, counters: [string, Limit][]): Promise<void> {
  let locked: string | null = null;
  for (const [key, limit] of counters) locked = (await recordFailure(database, key, limit)) ?? locked;
  if (locked) throw new StaffRateLimitedError(locked);
}

export async function clearStaffFailures(database: DatabaseHandle, keys: string[]): Promise<void> {
  for (const key of keys) await clearFailures(database, key);
}
