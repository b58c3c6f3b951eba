import { eq, sql } from "drizzle-orm";
import { users } from "@croupier/db/schema/index";
import { AppError } from "../../../lib/app-error.ts";
import type { IdentityServices } from "../identity-services.ts";
import { verifyPassword } from "../password/hash-password.ts";
import { lockedError } from "../shared/locked-error.ts";
import { assertNotLocked, clearFailures, lockedMessage, recordFailure } from "./attempt-limits.ts";

const INVALID = "Invalid email or password.";
const LOCK_TEXT = "Too many failed login attempts.";

/**
 * Checks email and password under the per-account-and-IP and per-IP failure limits
 * (PLAYER_PROTECTION 27). An unknown email costs the same time and gives the same answer
 * as a wrong password, so the call cannot be used to find accounts.
 */
export async function checkPasswordLogin(
  services: IdentityServices,
  input: { email: string; password: string; ip: string },
): Promise<string> {
  const { env, database, db } = services;
  const accountKey = `login:${input.email}|${input.ip}`;
  const ipKey = `login-ip:${input.ip}`;
  await assertNotLocked(database, accountKey, LOCK_TEXT);
  await assertNotLocked(database, ipKey, LOCK_TEXT);

  const [user] = await db
    .select({ guid: users.guid, hash: users.password_hash, status: users.status, reason: users.status_reason })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  const valid = await verifyPassword(user?.hash ?? null, input.password);
  if (!valid || !user) {
    const lockMinutes = env.LOGIN_LOCK_MINUTES;
    const accountLock = await recordFailure(database, accountKey, { max: env.LOGIN_MAX_FAILURES, minutes: lockMinutes });
    const ipLock = await recordFailure(database, ipKey, { max: env.LOGIN_IP_MAX_FAILURES, minutes: lockMinutes });
    const lock = accountLock ?? ipLock;
    if (lock) throw new AppError("RATE_LIMITED", lockedMessage(LOCK_TEXT, lock));
    throw new AppError("BAD_REQUEST", INVALID);
  }
  await clearFailures(database, accountKey);
  if (user.status === "locked") throw lockedError(user.reason);
  return user.guid;
}
