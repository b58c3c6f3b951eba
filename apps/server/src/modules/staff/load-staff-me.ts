import { sql } from "drizzle-orm";
import { ROLE_PERMISSIONS, type StaffRole } from "@croupier/contract/staff-permissions";
import type { StaffMe } from "@croupier/contract/backoffice/staff";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** GET /me and the sign-in answers: who the staff member is and what their role allows. */
export async function loadStaffMe(executor: SqlExecutor, staffId: string): Promise<StaffMe> {
  const [row] = await queryRows<{ email: string; display_name: string; role: StaffRole }>(
    executor,
    sql`SELECT email, display_name, role FROM staff_users WHERE guid = ${staffId}`,
  );
  if (!row) throw new AppError("UNAUTHORIZED", "Please sign in to the back office.");
  return {
    id: staffId,
    email: row.email,
    display_name: row.display_name,
    role: row.role,
    permissions: [...ROLE_PERMISSIONS[row.role]],
  };
}
