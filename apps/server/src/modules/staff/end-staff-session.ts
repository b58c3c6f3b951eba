import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { recordAudit, type AuditActor } from "./record-audit.ts";

/** POST /auth/logout: the session ends now (its token is refused from the next request on). */
export async function endStaffSession(db: Db, actor: AuditActor, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE staff_sessions SET ended_at = now(), end_reason = 'logout' WHERE guid = ${sessionId} AND ended_at IS NULL`);
    await recordAudit(tx, actor, { action: "staff.logout", targetType: "staff_session", targetId: sessionId });
  });
}
