import { sql } from "drizzle-orm";
import type { VerifyAnswer } from "@croupier/contract/backoffice/staff";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { verifyChallengeToken } from "./challenge-token.ts";
import { consumeTotpCode } from "./consume-totp-code.ts";
import { openStaffSession, type OpenedStaffSession } from "./open-staff-session.ts";
import { recordAudit } from "./record-audit.ts";
import { hashRecoveryCode } from "./staff-recovery-codes.ts";
import {
  assertStaffNotLocked,
  clearStaffFailures,
  countStaffFailure,
  STAFF_LIMITS,
  staffCodeKey,
  staffLoginKeys,
} from "./staff-attempt-limits.ts";
import { disabledStaff, wrongCode, type StaffAuthContext } from "./staff-auth-context.ts";

/**
 * POST /auth/verify: the second factor of an enrolled staff member, either the authenticator's
 * code (each time step good once) or one of the recovery codes (each good once, audited). Wrong
 * and replayed codes count towards the same limit, per staff member and per address.
 */
export async function verifyTwoFactor(
  ctx: StaffAuthContext,
  input: { challenge_token: string; code?: string; recovery_code?: string },
): Promise<VerifyAnswer> {
  const { database, env, actor } = ctx;
  const staffId = await verifyChallengeToken(env, input.challenge_token, "verify");
  const codeKey = staffCodeKey(staffId);
  const ipKey = staffLoginKeys("", actor.ip ?? "unknown").ip;
  await assertStaffNotLocked(database, [codeKey, ipKey]);

  const [row] = await queryRows<{ email: string; status: string; enrolled: boolean }>(
    database.db,
    sql`SELECT email, status, totp_enrolled_at IS NOT NULL AS enrolled FROM staff_users WHERE guid = ${staffId}`,
  );
  // Two-factor reset between the password and the code: start again (and enrol).
  if (!row || !row.enrolled) throw new AppError("UNAUTHORIZED", "Please sign in again.");
  if (row.status !== "active") throw disabledStaff();
  const self = { ...actor, staffId, email: row.email };

  const session = await database.db.transaction(async (tx): Promise<OpenedStaffSession | null> => {
    if (input.code !== undefined) {
      if (!(await consumeTotpCode(tx, env.STAFF_SECRET_KEY, { staffId, code: input.code }))) return null;
      return openStaffSession(tx, env, actor, { staffId, userAgent: ctx.userAgent, method: "totp" });
    }
    if (input.recovery_code === undefined) return null;
    const used = await queryRows<{ guid: string }>(
      tx,
      sql`
        UPDATE staff_recovery_codes SET used_at = now()
         WHERE staff_guid = ${staffId} AND code_hash = ${hashRecoveryCode(input.recovery_code)} AND used_at IS NULL
        RETURNING guid`,
    );
    if (used.length === 0) return null;
    await recordAudit(tx, self, {
      action: "staff.recovery_code_used",
      targetType: "staff",
      targetId: staffId,
      details: { recovery_code_id: used[0]!.guid },
    });
    return openStaffSession(tx, env, actor, { staffId, userAgent: ctx.userAgent, method: "recovery_code" });
  });

  if (!session) {
    await recordAudit(database.db, actor, {
      action: "staff.login_failed",
      targetType: "staff",
      targetId: staffId,
      details: { email: row.email, reason: input.code !== undefined ? "wrong_code" : "wrong_recovery_code" },
    });
    await countStaffFailure(database, [
      [codeKey, STAFF_LIMITS.code],
      [ipKey, STAFF_LIMITS.ip],
    ]);
    throw wrongCode();
  }
  await clearStaffFailures(database, [codeKey]);
  const [left] = await queryRows<{ n: number }>(
    database.db,
    sql`SELECT count(*)::int AS n FROM staff_recovery_codes WHERE staff_guid = ${staffId} AND used_at IS NULL`,
  );
  return { ...session, recovery_codes_left: Number(left?.n ?? 0) };
}
