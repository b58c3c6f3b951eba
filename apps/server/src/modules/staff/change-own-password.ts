import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { passwordPolicyIssues } from "@croupier/contract/password-policy";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { hashPassword, verifyPassword } from "../identity/password/hash-password.ts";
import { consumeTotpCode } from "./consume-totp-code.ts";
import { recordAudit, type AuditActor } from "./record-audit.ts";
import {
  assertStaffNotLocked,
  clearStaffFailures,
  countStaffFailure,
  STAFF_LIMITS,
  staffCodeKey,
} from "./staff-attempt-limits.ts";

type Me = AuditActor & { staffId: string; sessionId: string };

/**
 * POST /me/password: a staff member replaces their own password (say, the one an administrator
 * handed over). The current password and a fresh authenticator code are both required, so an
 * unlocked browser is not enough; wrong ones count towards the code limit. Every other session of
 * theirs ends; this one stays.
 */
export async function changeOwnPassword(
  database: DatabaseHandle,
  secretKey: string,
  me: Me,
  input: { current_password: string; new_password: string; code: string },
): Promise<{ other_sessions_ended: number }> {
  const codeKey = staffCodeKey(me.staffId);
  await assertStaffNotLocked(database, [codeKey]);
  const [row] = await queryRows<{ email: string; password_hash: string }>(
    database.db,
    sql`SELECT email, password_hash FROM staff_users WHERE guid = ${me.staffId}`,
  );
  const issues = passwordPolicyIssues(input.new_password, row?.email);
  if (input.new_password === input.current_password) issues.push("Choose a password different from the current one.");
  if (issues.length > 0)
    throw new AppError("VALIDATION_ERROR", "Invalid input: body.new_password", {
      fields: [{ field: "body.new_password", message: issues.join(" ") }],
    });
  if (!(await verifyPassword(row?.password_hash ?? null, input.current_password))) {
    await countStaffFailure(database, [[codeKey, STAFF_LIMITS.code]]);
    throw new AppError("VALIDATION_ERROR", "Invalid input: body.current_password", {
      fields: [{ field: "body.current_password", message: "is not your current password" }],
    });
  }
  const password_hash = await hashPassword(input.new_password);
  const ended = await database.db.transaction(async (tx) => {
    if (!(await consumeTotpCode(tx, secretKey, { staffId: me.staffId, code: input.code }))) return null;
    await tx.execute(
      sql`UPDATE staff_users SET password_hash = ${password_hash}, updated_at = now() WHERE guid = ${me.staffId}`,
    );
    const others = await queryRows<{ guid: string }>(
      tx,
      sql`UPDATE staff_sessions SET ended_at = now(), end_reason = 'password_change'
           WHERE staff_guid = ${me.staffId} AND guid <> ${me.sessionId} AND ended_at IS NULL RETURNING guid`,
    );
    await recordAudit(tx, me, {
      action: "staff.password_change",
      targetType: "staff",
      targetId: me.staffId,
      details: { other_sessions_ended: others.length },
    });
    return others.length;
  });
  if (ended === null) {
    await countStaffFailure(database, [[codeKey, STAFF_LIMITS.code]]);
    throw new AppError("UNAUTHORIZED", "Wrong code.");
  }
  await clearStaffFailures(database, [codeKey]);
  return { other_sessions_ended: ended };
}
