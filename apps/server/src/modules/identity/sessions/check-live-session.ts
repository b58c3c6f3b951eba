import { sql } from "drizzle-orm";
import { hotRows, type HotDatabase } from "../../../lib/sql-executor.ts";

/** "live", or why the session may not act: it is unknown or finished, belongs to another user, or its player is locked. */
export type SessionVerdict = "live" | "ended" | "other_user" | "locked";

type Row = { user_guid: string | null; finished_at: unknown; status: string | null };

/**
 * Whether the session a token names may act now. For a token minted for a player (userId set) the
 * session must also be that player's (a session never changes hands) and the account not locked.
 * Checked on every authenticated request and socket connect, so logout, terminate, password
 * change and account locks take effect at once rather than when the token expires.
 */
export async function checkLiveSession(
  database: HotDatabase,
  sessionId: string,
  userId: string | null,
): Promise<SessionVerdict> {
  // hotRows: this primary-key lookup runs on every authenticated request, so on PostgreSQL it is a
  // named prepared statement (parsed and planned once per connection instead of per request).
  const [row] = await hotRows<Row>(
    database,
    sql`SELECT s.user_guid, s.finished_at, u.status
          FROM sessions s LEFT JOIN users u ON u.guid = s.user_guid
         WHERE s.guid = ${sessionId}`,
  );
  if (!row || row.finished_at) return "ended";
  if (!userId) return "live";
  if (row.user_guid !== userId) return "other_user";
  if (row.status === "locked") return "locked";
  return "live";
}
