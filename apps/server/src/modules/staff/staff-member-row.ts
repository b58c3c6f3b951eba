import { sql, type SQL } from "drizzle-orm";
import type { StaffMember } from "@croupier/contract/backoffice/staff";
import { cursorTime } from "../player-admin/keyset-cursor.ts";

// The StaffMember shape of staff_users, shared by the list and the changes that answer with one.

export type StaffMemberRow = StaffMember & { cursor_at: string };

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** SELECT list over staff_users u: the StaffMember columns plus the keyset's time. */
export const staffMemberColumns = sql`
  u.guid AS id, u.email, u.display_name, u.role, u.status,
  u.totp_enrolled_at IS NOT NULL AS two_factor_enrolled,
  ${iso(sql`u.created_at`)} AS created_at,
  (SELECT ${iso(sql`max(s.last_seen_at)`)} FROM staff_sessions s WHERE s.staff_guid = u.guid) AS last_seen_at,
  ${cursorTime(sql`u.created_at`)} AS cursor_at`;

export function toStaffMember(row: StaffMemberRow): StaffMember {
  const { cursor_at: _cursor, ...member } = row;
  return { ...member, two_factor_enrolled: Boolean(member.two_factor_enrolled) };
}
