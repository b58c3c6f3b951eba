import { sql } from "drizzle-orm";
import type { StaffStatus } from "@croupier/contract/backoffice/staff";
import type { StaffRole } from "@croupier/contract/staff-permissions";
import { notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/**
 * Locks every active admin's row first (two admins demoting each other at once must not leave none),
 * then the staff member's, and counts the other active admins for the last-admin rule.
 */
export async function lockStaffForChange(
  tx: SqlExecutor,
  staffId: string,
): Promise<{ role: StaffRole; status: StaffStatus; display_name: string; other_active_admins: number }> {
  await tx.execute(
    sql`SELECT guid FROM staff_users WHERE role = 'admin' AND status = 'active' ORDER BY guid FOR UPDATE`,
  );
  const [row] = await queryRows<{
    role: StaffRole;
    status: StaffStatus;
    display_name: string;
    other_active_admins: number;
  }>(
    tx,
    sql`
      SELECT role, status, display_name,
             (SELECT count(*)::int FROM staff_users a
               WHERE a.role = 'admin' AND a.status = 'active' AND a.guid <> ${staffId}) AS other_active_admins
        FROM staff_users WHERE guid = ${staffId} FOR UPDATE`,
  );
  if (!row) throw notFound("No staff member with this id.");
  return { ...row, other_active_admins: Number(row.other_active_admins) };
}
