import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../../lib/sql-executor.ts";
import { enqueueEvent } from "../../realtime/enqueue-event.ts";

/** Sessions ended per sweep at most; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * Ends every login session that has run longer than its player's session-time limit (ADR 021),
 * each announced by session_closed with the reason session_limit in the same transaction: open
 * tabs log out and say why, refresh tokens stop, and the game sessions it opened stop taking bets
 * (ADR 011). Bets were already refused from the limit's minute on (player_bet_limit_reached), so
 * the sweep's delay never lets play continue. SKIP LOCKED lets several processes sweep at once.
 */
export async function endSessionsOverLimit(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await queryRows<{ guid: string; user_guid: string }>(
      tx,
      sql`WITH over AS (
            SELECT s.guid FROM player_limits l
              JOIN sessions s ON s.user_guid = l.user_guid AND s.finished_at IS NULL
             WHERE l.kind = 'session_time' AND COALESCE(s.logged_in_at, s.created_at) + make_interval(mins => l.minutes) <= now()
             LIMIT ${SWEEP_BATCH}
               FOR UPDATE OF s SKIP LOCKED)
          UPDATE sessions s SET finished_at = now(), finish_reason = 'session_limit', refresh_jti = NULL
            FROM over WHERE s.guid = over.guid
          RETURNING s.guid, s.user_guid`,
    );
    for (const session of ended) {
      await enqueueEvent(tx, {
        type: "session_closed",
        payload: { session_id: session.guid, reason: "session_limit" },
        userGuid: session.user_guid,
        sessionGuid: session.guid,
      });
    }
    return ended.length;
  });
}
