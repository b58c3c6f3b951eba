import { eq, sql } from "drizzle-orm";
import { users } from "@croupier/db/schema/index";
import { AppError } from "../../../lib/app-error.ts";
import type { IdentityServices } from "../identity-services.ts";
import { verifyPassword } from "../password/hash-password.ts";
import { assertLoginAllowed } from "../sessions/assert-login-allowed.ts";
import { accountFailureKey, assertNotLocked, clearFailures, lockedMessage, lockedUntil, minutesUntil, recordFailure } from "./attempt-limits.ts";

const INVALID = "Invalid email or password.";
const LOCK_TEXT = "Too many failed login attempts.";
// The account-wide pause stops guessing from many addresses; the owner still gets in by mail.
const accountPausedMessage = (until: string) => {
  const minutes = minutesUntil(until);
  return `Password login for this account is paused after too many failed attempts. Use “Email me a login code” to log in now, or try your password again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
};

/**
 * Checks email and password under three failure limits (PLAYER_PROTECTION 27): the account from
 * one address, one address across accounts, and the account across all addresses (issue #13 item 9:
 * invented or rotated addresses). When the account-wide limit trips, password login pauses for
 * everyone, right password included, and the owner logs in with a mailed code instead (login-codes.ts).
 * An unknown email costs the same time and gives the same answer as a wrong password, so the call
 * cannot be used to find accounts.
 */
export async function checkPasswordLogin(
  services: IdentityServices,
  input: { email: string; password: string; ip: string },
): Promise<string> {
  const { env, database, db } = services;
  const accountKey = `login:${input.email}|${input.ip}`;
  const ipKey = `login-ip:${input.ip}`;
  const accountWideKey = accountFailureKey(input.email);
  await assertNotLocked(database, accountKey, LOCK_TEXT);
  await assertNotLocked(database, ipKey, LOCK_TEXT);
  const paused = await lockedUntil(database, accountWideKey);
  if (paused) throw new AppError("RATE_LIMITED", accountPausedMessage(paused));

  const [user] = await db
    .select({ guid: users.guid, hash: users.password_hash, status: users.status, reason: users.status_reason })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  const valid = await verifyPassword(user?.hash ?? null, input.password);
  if (!valid || !user) {
    const lockMinutes = env.LOGIN_LOCK_MINUTES;
    const accountLock = await recordFailure(database, accountKey, { max: env.LOGIN_MAX_FAILURES, minutes: lockMinutes });
    const ipLock = await recordFailure(database, ipKey, { max: env.LOGIN_IP_MAX_FAILURES, minutes: lockMinutes });
    // Counted for unknown addresses too, so the answer (and its timing) cannot tell accounts apart.
    const accountWideLock = await recordFailure(database, accountWideKey, { max: env.LOGIN_ACCOUNT_MAX_FAILURES, minutes: lockMinutes });
    const lock = accountLock ?? ipLock;
    if (lock) throw new AppError("RATE_LIMITED", lockedMessage(LOCK_TEXT, lock));
    if (accountWideLock) throw new AppError("RATE_LIMITED", accountPausedMessage(accountWideLock));
    throw new AppError("BAD_REQUEST", INVALID);
  }
  await clearFailures(database, accountKey);
  await clearFailures(database, accountWideKey);
  await assertLoginAllowed(services, user.guid);
  return user.guid;
}
