import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { StaffMember } from "@croupier/contract/backoffice/staff";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "./record-audit.ts";
import { staffMemberColumns, toStaffMember, type StaffMemberRow } from "./staff-member-row.ts";
import { lockStaffForChange } from "./lock-staff-for-change.ts";

/**
 * POST /staff/:id/reset-two-factor: for a lost phone. The secret and recovery codes go, every
 * session ends, and the next sign-in with their password enrols a new authenticator.
 */
export async function resetStaffTwoFactor(db: Db, actor: AuditActor, staffId: string): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    await lockStaffForChange(tx, staffId);
    const [before] = await queryRows<{ enrolled: boolean }>(
      tx,
      sql`SELECT totp_enrolled_at IS NOT NULL AS enrolled FROM staff_users WHERE guid = ${staffId}`,
    );
    await tx.execute(sql`
      UPDATE staff_users SET totp_secret = NULL, totp_enrolled_at = NULL, totp_last_step = NULL, updated_at = now()
       WHERE guid = ${staffId}`);
    await tx.execute(sql`DELETE FROM staff_recovery_codes WHERE staff_guid = ${staffId}`);
    const ended = await queryRows<{ guid: string }>(
      tx,
      sql`UPDATE staff_sessions SET ended_at = now(), end_reason = 'two_factor_reset'
           WHERE staff_guid = ${staffId} AND ended_at IS NULL RETURNING guid`,
    );
    await recordAudit(tx, actor, {
      action: "staff.reset_two_factor",
      targetType: "staff",
      targetId: staffId,
      before: { two_factor_enrolled: Boolean(before?.enrolled) },
      after: { two_factor_enrolled: false },
      details: { sessions_ended: ended.length },
    });
    const [row] = await queryRows<StaffMemberRow>(
      tx,
      sql`SELECT ${staffMemberColumns} FROM staff_users u WHERE u.guid = ${staffId}`,
    );
    return toStaffMember(row!);
  });
}
