import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { smsLoginCodes } from "@croupier/db/schema/index";
import { SMS_LOGIN_CODE_MAX_ATTEMPTS, type SmsLoginBody } from "@croupier/contract/entities/sms-login";
import { AppError } from "../../lib/app-error.ts";
import {
  assertNotLocked,
  clearFailures,
  lockedMessage,
  recordFailure,
} from "../identity/authorization/attempt-limits.ts";
import type { IdentityServices } from "../identity/identity-services.ts";
import { assertLoginAllowed } from "../identity/sessions/assert-login-allowed.ts";
import { findVerifiedPhoneOwner } from "./find-verified-phone-owner.ts";
import { smsLoginCodeHash } from "./request-sms-login-code.ts";

const WRONG = "This login code is invalid or has expired. Please request a new one.";
const IP_LIMIT = { max: 10, minutes: 30 };

/**
 * Spends a texted login code and returns the player's id; the caller starts the session as every
 * other login does. Only the newest unused code works, for 5 minutes and 5 wrong tries; wrong codes
 * also count against the address. An unknown number and a wrong code get the same answer. The login
 * gate (lock, exclusions, the national register) decides last.
 */
export async function loginWithSmsCode(
  services: IdentityServices,
  input: SmsLoginBody & { ip: string },
): Promise<string> {
  const { db, database } = services;
  const ipKey = `sms-code-ip:${input.ip}`;
  const what = "Too many wrong codes.";
  await assertNotLocked(database, ipKey, what);
  const userId = await findVerifiedPhoneOwner(db, input.phone);
  const [pending] = userId
    ? await db
        .select({ guid: smsLoginCodes.guid, code_hash: smsLoginCodes.code_hash })
        .from(smsLoginCodes)
        .where(
          and(
            eq(smsLoginCodes.user_guid, userId),
            isNull(smsLoginCodes.used_at),
            gt(smsLoginCodes.expires_at, sql`now()`),
            sql`${smsLoginCodes.attempts} < ${SMS_LOGIN_CODE_MAX_ATTEMPTS}`,
          ),
        )
        .orderBy(desc(smsLoginCodes.created_at))
        .limit(1)
    : [];
  const spent =
    userId && pending && pending.code_hash === smsLoginCodeHash(userId, input.code)
      ? await db
          .update(smsLoginCodes)
          .set({ used_at: sql`now()` })
          .where(and(eq(smsLoginCodes.guid, pending.guid), isNull(smsLoginCodes.used_at)))
          .returning({ guid: smsLoginCodes.guid })
      : [];
  if (!userId || spent.length === 0) {
    if (pending)
      await db
        .update(smsLoginCodes)
        .set({ attempts: sql`${smsLoginCodes.attempts} + 1` })
        .where(eq(smsLoginCodes.guid, pending.guid));
    const lock = await recordFailure(database, ipKey, IP_LIMIT);
    if (lock) throw new AppError("RATE_LIMITED", lockedMessage(what, lock));
    throw new AppError("BAD_REQUEST", WRONG);
  }
  await clearFailures(database, ipKey);
  await assertLoginAllowed(services, userId);
  return userId;
}
