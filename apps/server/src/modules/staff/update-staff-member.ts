import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { StaffMember, UpdateStaffBody } from "@croupier/contract/backoffice/staff";
import { AppError } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { lockStaffForChange } from "./lock-staff-for-change.ts";
import { recordAudit, type AuditActor } from "./record-audit.ts";
import { staffMemberColumns, toStaffMember, type StaffMemberRow } from "./staff-member-row.ts";

/**
 * PATCH /staff/:id: a new role (effective on their next request: the gate reads the role each
 * time), status and/or display name. Disabling ends every session of theirs at once. Nobody changes their own
 * role or status, and the last active admin stays one, so the back office cannot lock itself out.
 */
export async function updateStaffMember(
  db: Db,
  actor: AuditActor,
  staffId: string,
  change: UpdateStaffBody,
): Promise<StaffMember> {
  if (actor.staffId === staffId && (change.role !== undefined || change.status !== undefined))
    throw new AppError("CONFLICT", "You cannot change your own role or status; ask another administrator.");
  return db.transaction(async (tx) => {
    const current = await lockStaffForChange(tx, staffId);
    const role = change.role ?? current.role;
    const status = change.status ?? current.status;
    const stopsBeingAdmin =
      current.role === "admin" && current.status === "active" && (role !== "admin" || status !== "active");
    if (stopsBeingAdmin && current.other_active_admins === 0)
      throw new AppError("CONFLICT", "This is the last active admin; make someone else an admin first.");

    const display_name = change.display_name ?? current.display_name;
    const changed = role !== current.role || status !== current.status || display_name !== current.display_name;
    if (changed) {
      await tx.execute(sql`
        UPDATE staff_users SET role = ${role}, status = ${status}, display_name = ${display_name}, updated_at = now()
         WHERE guid = ${staffId}`);
      const disabling = status === "disabled" && current.status !== "disabled";
      const ended = disabling
        ? await queryRows<{ guid: string }>(
            tx,
            sql`UPDATE staff_sessions SET ended_at = now(), end_reason = 'disabled'
                 WHERE staff_guid = ${staffId} AND ended_at IS NULL RETURNING guid`,
          )
        : [];
      await recordAudit(tx, actor, {
        action: disabling ? "staff.disable" : "staff.update",
        targetType: "staff",
        targetId: staffId,
        before: { role: current.role, status: current.status, display_name: current.display_name },
        after: { role, status, display_name },
        details: disabling ? { sessions_ended: ended.length } : null,
      });
    }
    const [row] = await queryRows<StaffMemberRow>(
      tx,
      sql`SELECT ${staffMemberColumns} FROM staff_users u WHERE u.guid = ${staffId}`,
    );
    return toStaffMember(row!);
  });
}
