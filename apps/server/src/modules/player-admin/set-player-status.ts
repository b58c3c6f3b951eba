import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { PlayerStatus, PlayerStatusResult } from "@croupier/contract/backoffice/players";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { setCustomerStatus } from "../identity/profile/set-customer-status.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

type Current = { status: PlayerStatus; status_reason: string | null; live_sessions: number };

/**
 * POST /players/:id/lock and /unlock. Identity's setCustomerStatus does the change (a lock ends
 * every login session, and so every game session, ADR 011; the player's tabs get
 * customer_status_changed and session_closed), in one transaction with the audit entry. The
 * player's row is locked first, so a double click acts once: the second finds the status already
 * set and changes nothing (changed: false, nothing audited).
 */
export async function setPlayerStatus(
  db: Db,
  actor: AuditActor,
  input: { playerId: string; status: PlayerStatus; reason: string | null },
): Promise<PlayerStatusResult> {
  return db.transaction(async (tx) => {
    const [current] = await queryRows<Current>(
      tx,
      sql`
        SELECT u.status, u.status_reason,
               (SELECT count(*)::int FROM sessions s WHERE s.user_guid = u.guid AND s.finished_at IS NULL) AS live_sessions
          FROM users u WHERE u.guid = ${input.playerId} FOR UPDATE OF u`,
    );
    if (!current) throw notFound("No player with this id.");
    if (current.status === input.status)
      return { status: current.status, status_reason: current.status_reason, changed: false, sessions_ended: 0 };

    const reason = input.status === "locked" ? input.reason : null;
    await setCustomerStatus(tx, { userId: input.playerId, status: input.status, reason });
    const sessionsEnded = input.status === "locked" ? Number(current.live_sessions) : 0;
    await recordAudit(tx, actor, {
      action: input.status === "locked" ? "player.lock" : "player.unlock",
      playerId: input.playerId,
      targetType: "player",
      targetId: input.playerId,
      before: { status: current.status, status_reason: current.status_reason },
      after: { status: input.status, status_reason: reason },
      details: { sessions_ended: sessionsEnded },
    });
    return { status: input.status, status_reason: reason, changed: true, sessions_ended: sessionsEnded };
  });
}
