import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { StaffListQuery, StaffPage } from "@croupier/contract/backoffice/staff";
import { queryRows } from "../../lib/sql-executor.ts";
import { afterCursor, pageFrom } from "../player-admin/keyset-cursor.ts";
import { staffMemberColumns, toStaffMember, type StaffMemberRow } from "./staff-member-row.ts";

/** GET /staff: every staff member, newest first, keyset pages. Staff data is not players' data: not audited. */
export async function listStaffMembers(db: Db, query: StaffListQuery): Promise<StaffPage> {
  const rows = await queryRows<StaffMemberRow>(
    db,
    sql`
      SELECT ${staffMemberColumns} FROM staff_users u
       WHERE ${afterCursor(query.cursor, "time-uuid", [sql`u.created_at`, sql`u.guid`])}
       ORDER BY u.created_at DESC, u.guid DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.cursor_at, row.id]);
  return { items: page.rows.map(toStaffMember), next_cursor: page.next_cursor };
}
