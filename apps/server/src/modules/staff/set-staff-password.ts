import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { passwordPolicyIssues } from "@croupier/contract/password-policy";
import type { StaffMember } from "@croupier/contract/backoffice/staff";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { hashPassword } from "../identity/password/hash-password.ts";
import { lockStaffForChange } from "./lock-staff-for-change.ts";
import { recordAudit, type AuditActor } from "./record-audit.ts";
import { staffMemberColumns, toStaffMember, type StaffMemberRow } from "./staff-member-row.ts";

/**
 * POST /staff/:id/password: staff have no mailed password reset, so an administrator sets a new
 * one (handed over out of band); every session of theirs ends. Two-factor stays as it is, so the
 * new password alone still does not sign in. Not for one's own account: that needs the old password.
 */
export async function setStaffPassword(
  db: Db,
  actor: AuditActor,
  staffId: string,
  password: string,
): Promise<StaffMember> {
  if (actor.staffId === staffId)
    throw new AppError("CONFLICT", "You cannot reset your own password here; ask another administrator.");
  const [target] = await queryRows<{ email: string }>(db, sql`SELECT email FROM staff_users WHERE guid = ${staffId}`);
  const issues = passwordPolicyIssues(password, target?.email);
  if (issues.length > 0)
    throw new AppError("VALIDATION_ERROR", "Invalid input: body.password", {
      fields: [{ field: "body.password", message: issues.join(" ") }],
    });
  const password_hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    await lockStaffForChange(tx, staffId);
    await tx.execute(
      sql`UPDATE staff_users SET password_hash = ${password_hash}, updated_at = now() WHERE guid = ${staffId}`,
    );
    const ended = await queryRows<{ guid: string }>(
      tx,
      sql`UPDATE staff_sessions SET ended_at = now(), end_reason = 'password_reset'
           WHERE staff_guid = ${staffId} AND ended_at IS NULL RETURNING guid`,
    );
    await recordAudit(tx, actor, {
      action: "staff.password_reset",
      targetType: "staff",
      targetId: staffId,
      details: { sessions_ended: ended.length },
    });
    const [row] = await queryRows<StaffMemberRow>(
      tx,
      sql`SELECT ${staffMemberColumns} FROM staff_users u WHERE u.guid = ${staffId}`,
    );
    return toStaffMember(row!);
  });
}
