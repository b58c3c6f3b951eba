import { sql } from "drizzle-orm";
import type { EnrolAnswer } from "@croupier/contract/backoffice/staff";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { verifyChallengeToken } from "./challenge-token.ts";
import { openStaffSession } from "./open-staff-session.ts";
import { recordAudit } from "./record-audit.ts";
import { replaceRecoveryCodes } from "./staff-recovery-codes.ts";
import {
  assertStaffNotLocked,
  clearStaffFailures,
  countStaffFailure,
  STAFF_LIMITS,
  staffCodeKey,
  staffLoginKeys,
} from "./staff-attempt-limits.ts";
import { disabledStaff, wrongCode, type StaffAuthContext } from "./staff-auth-context.ts";
import { openStaffSecret } from "./staff-secret-box.ts";
import { totpStepOf } from "./staff-totp.ts";

const alreadyEnrolled = () =>
  new AppError("CONFLICT", "Two-factor sign-in is already set up for this account. Please sign in again.");

/**
 * POST /auth/enrol: the first code from the authenticator app proves the secret was scanned. In
 * one transaction: the enrolment (guarded, so two tabs cannot both enrol), ten new recovery codes
 * (shown once), the session and its audit entries.
 */
export async function enrolTwoFactor(
  ctx: StaffAuthContext,
  input: { challenge_token: string; code: string },
): Promise<EnrolAnswer> {
  const { database, env, actor } = ctx;
  const staffId = await verifyChallengeToken(env, input.challenge_token, "enrol");
  const codeKey = staffCodeKey(staffId);
  const ipKey = staffLoginKeys("", actor.ip ?? "unknown").ip;
  await assertStaffNotLocked(database, [codeKey, ipKey]);

  const [row] = await queryRows<{ email: string; status: string; totp_secret: string | null; enrolled: boolean }>(
    database.db,
    sql`SELECT email, status, totp_secret, totp_enrolled_at IS NOT NULL AS enrolled FROM staff_users WHERE guid = ${staffId}`,
  );
  if (!row) throw new AppError("UNAUTHORIZED", "Please sign in again.");
  if (row.status !== "active") throw disabledStaff();
  if (row.enrolled) throw alreadyEnrolled();
  const secret = row.totp_secret ? openStaffSecret(env.STAFF_SECRET_KEY, row.totp_secret) : null;
  if (!secret) throw new AppError("UNAUTHORIZED", "Please sign in again to get a new QR code.");

  const step = totpStepOf(secret, input.code);
  if (step === null) {
    await recordAudit(database.db, actor, {
      action: "staff.login_failed",
      targetType: "staff",
      targetId: staffId,
      details: { email: row.email, reason: "wrong_enrolment_code" },
    });
    await countStaffFailure(database, [
      [codeKey, STAFF_LIMITS.code],
      [ipKey, STAFF_LIMITS.ip],
    ]);
    throw wrongCode();
  }

  const answer = await database.db.transaction(async (tx) => {
    const enrolled = await queryRows<{ guid: string }>(
      tx,
      sql`
        UPDATE staff_users SET totp_enrolled_at = now(), totp_last_step = ${step}, updated_at = now()
         WHERE guid = ${staffId} AND status = 'active' AND totp_enrolled_at IS NULL AND totp_secret = ${row.totp_secret}
        RETURNING guid`,
    );
    if (enrolled.length === 0) throw alreadyEnrolled();
    const recovery_codes = await replaceRecoveryCodes(tx, staffId);
    const self = { ...actor, staffId, email: row.email };
    await recordAudit(tx, self, { action: "staff.two_factor_enrol", targetType: "staff", targetId: staffId });
    const session = await openStaffSession(tx, env, actor, { staffId, userAgent: ctx.userAgent, method: "enrolment" });
    return { ...session, recovery_codes };
  });
  await clearStaffFailures(database, [codeKey]);
  return answer;
}
