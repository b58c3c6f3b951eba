import { sql } from "drizzle-orm";
import type { LoginAnswer } from "@croupier/contract/backoffice/staff";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { verifyPassword } from "../identity/password/hash-password.ts";
import { signChallengeToken } from "./challenge-token.ts";
import { recordAudit } from "./record-audit.ts";
import {
  assertStaffNotLocked,
  clearStaffFailures,
  countStaffFailure,
  STAFF_LIMITS,
  staffLoginKeys,
} from "./staff-attempt-limits.ts";
import { disabledStaff, type StaffAuthContext } from "./staff-auth-context.ts";
import { openStaffSecret, sealStaffSecret } from "./staff-secret-box.ts";
import { newTotpSecret, totpUri } from "./staff-totp.ts";

type StaffLoginRow = {
  guid: string;
  email: string;
  password_hash: string;
  status: "active" | "disabled";
  totp_secret: string | null;
  enrolled: boolean;
};

/**
 * POST /auth/login: the password step. An unknown email costs the same argon2 time and gets the
 * same answer as a wrong password. A right password never signs in by itself: it earns a
 * 5-minute challenge for the second factor, or, before enrolment, the secret to enrol.
 * A disabled account is told so only after the right password (guessers learn nothing).
 */
export async function startStaffLogin(
  ctx: StaffAuthContext,
  input: { email: string; password: string },
): Promise<LoginAnswer> {
  const { database, env, actor } = ctx;
  const ip = actor.ip ?? "unknown";
  const keys = staffLoginKeys(input.email, ip);
  await assertStaffNotLocked(database, [keys.accountFromIp, keys.ip, keys.account]);

  const [row] = await queryRows<StaffLoginRow>(
    database.db,
    sql`SELECT guid, email, password_hash, status, totp_secret, totp_enrolled_at IS NOT NULL AS enrolled
          FROM staff_users WHERE lower(email) = ${input.email}`,
  );
  const valid = await verifyPassword(row?.password_hash ?? null, input.password);
  if (!valid || !row) {
    await recordAudit(database.db, actor, {
      action: "staff.login_failed",
      targetType: row ? "staff" : null,
      targetId: row?.guid ?? null,
      details: { email: input.email, reason: "wrong_password" },
    });
    await countStaffFailure(database, [
      [keys.accountFromIp, STAFF_LIMITS.accountFromIp],
      [keys.ip, STAFF_LIMITS.ip],
      [keys.account, STAFF_LIMITS.account],
    ]);
    throw new AppError("UNAUTHORIZED", "Wrong email or password.");
  }
  await clearStaffFailures(database, [keys.accountFromIp, keys.account]);
  if (row.status !== "active") {
    await recordAudit(database.db, actor, {
      action: "staff.login_failed",
      targetType: "staff",
      targetId: row.guid,
      details: { email: input.email, reason: "disabled" },
    });
    throw disabledStaff();
  }
  if (row.enrolled) return { step: "verify", challenge_token: await signChallengeToken(env, row.guid, "verify") };

  // Not enrolled yet: keep the pending secret across attempts, so a QR code already scanned stays good.
  let secret = row.totp_secret ? openStaffSecret(env.STAFF_SECRET_KEY, row.totp_secret) : null;
  if (!secret) {
    secret = newTotpSecret();
    // Guarded by the value read: of two first sign-ins at once, one secret wins and the other is asked to retry.
    const stored = await queryRows<{ guid: string }>(
      database.db,
      sql`
        UPDATE staff_users SET totp_secret = ${sealStaffSecret(env.STAFF_SECRET_KEY, secret)}, updated_at = now()
         WHERE guid = ${row.guid} AND totp_enrolled_at IS NULL AND totp_secret IS NOT DISTINCT FROM ${row.totp_secret}
        RETURNING guid`,
    );
    if (stored.length === 0) throw new AppError("CONFLICT", "Your sign-in changed meanwhile. Please sign in again.");
  }
  return {
    step: "enrol",
    challenge_token: await signChallengeToken(env, row.guid, "enrol"),
    otpauth_uri: totpUri(secret, row.email),
    secret,
  };
}
