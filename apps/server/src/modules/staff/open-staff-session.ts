import { sql } from "drizzle-orm";
import type { StaffMe } from "@croupier/contract/backoffice/staff";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { STAFF_SESSION_HOURS } from "./check-staff-session.ts";
import { loadStaffMe } from "./load-staff-me.ts";
import { recordAudit, type AuditActor } from "./record-audit.ts";
import { signStaffToken, type StaffTokenEnv } from "./staff-token.ts";

export type OpenedStaffSession = { token: string; expires_at: string; staff: StaffMe };

/**
 * The last step of every sign-in: a staff_sessions row (8 h absolute; the gate ends it after 30 min
 * idle), a staff token that expires with it, and the staff.login audit entry. Run it in the
 * transaction that accepted the second factor, so a session exists only with its record.
 */
export async function openStaffSession(
  executor: SqlExecutor,
  env: StaffTokenEnv,
  actor: AuditActor,
  input: { staffId: string; userAgent: string | null; method: "totp" | "recovery_code" | "enrolment" },
): Promise<OpenedStaffSession> {
  const [session] = await queryRows<{ guid: string; expires_at: string; expires_s: string }>(
    executor,
    sql`
      INSERT INTO staff_sessions (staff_guid, expires_at, ip, user_agent)
      VALUES (${input.staffId}, now() + make_interval(hours => ${STAFF_SESSION_HOURS}), ${actor.ip?.slice(0, 64) ?? null},
              ${input.userAgent?.slice(0, 300) ?? null})
      RETURNING guid, to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS expires_at,
                floor(extract(epoch FROM expires_at))::bigint::text AS expires_s`,
  );
  const staff = await loadStaffMe(executor, input.staffId);
  const token = await signStaffToken(env, {
    sessionId: session!.guid,
    staffId: input.staffId,
    expiresAt: Number(session!.expires_s),
  });
  await recordAudit(
    executor,
    { ...actor, staffId: input.staffId, email: staff.email },
    { action: "staff.login", targetType: "staff_session", targetId: session!.guid, details: { method: input.method } },
  );
  return { token, expires_at: session!.expires_at, staff };
}
