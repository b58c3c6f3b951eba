import { sql } from "drizzle-orm";
import type { StaffRole } from "@croupier/contract/staff-permissions";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** Idle timeout of a staff session: 30 minutes without a request ends it. */
export const STAFF_IDLE_TIMEOUT_MINUTES = 30;
/** Absolute life of a staff session. */
export const STAFF_SESSION_HOURS = 8;

export type LiveStaffSession = { staffId: string; email: string; role: StaffRole };

/**
 * One statement per staff request: the session must be open, inside its 8 h and touched within the
 * last 30 min, and its staff member active; it then moves last_seen_at forward. A session found
 * idle or expired is ended on the spot so it shows as such in the session list.
 */
export async function checkStaffSession(
  executor: SqlExecutor,
  sessionId: string,
  staffId: string,
): Promise<LiveStaffSession | "ended"> {
  const rows = await queryRows<{ email: string; role: StaffRole }>(
    executor,
    sql`
      UPDATE staff_sessions s SET last_seen_at = now()
        FROM staff_users u
       WHERE s.guid = ${sessionId} AND s.staff_guid = ${staffId} AND u.guid = s.staff_guid
         AND s.ended_at IS NULL AND s.expires_at > now()
         AND s.last_seen_at > now() - make_interval(mins => ${STAFF_IDLE_TIMEOUT_MINUTES})
         AND u.status = 'active'
      RETURNING u.email, u.role`,
  );
  const row = rows[0];
  if (row) return { staffId, email: row.email, role: row.role };
  await executor.execute(sql`
    UPDATE staff_sessions
       SET ended_at = now(),
           end_reason = CASE WHEN expires_at <= now() THEN 'expired' ELSE 'idle' END
     WHERE guid = ${sessionId} AND ended_at IS NULL
       AND (expires_at <= now() OR last_seen_at <= now() - make_interval(mins => ${STAFF_IDLE_TIMEOUT_MINUTES}))`);
  return "ended";
}
