import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { EndSessionsResult } from "@croupier/contract/backoffice/players";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { finishUserSessions } from "../identity/sessions/finish-sessions.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

/**
 * POST /players/:id/end-sessions: ends every login session of the player (their tabs get
 * session_closed and log out; their games stop taking bets, ADR 011). Nothing to end changes
 * nothing and is not audited, so a double click records one action.
 */
export async function endPlayerSessions(db: Db, actor: AuditActor, playerId: string): Promise<EndSessionsResult> {
  return db.transaction(async (tx) => {
    const [player] = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM users WHERE guid = ${playerId} FOR UPDATE`,
    );
    if (!player) throw notFound("No player with this id.");
    const ended = await finishUserSessions(tx, { userId: playerId, reason: "staff" });
    if (ended.length === 0) return { sessions_ended: 0 };
    await recordAudit(tx, actor, {
      action: "player.end_sessions",
      playerId,
      targetType: "player",
      targetId: playerId,
      before: { live_sessions: ended.length },
      after: { live_sessions: 0 },
      details: { session_ids: ended },
    });
    return { sessions_ended: ended.length };
  });
}
