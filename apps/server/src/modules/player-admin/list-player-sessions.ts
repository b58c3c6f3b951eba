import { sql } from "drizzle-orm";
import type { PageQuery, PlayerSessionsPage } from "@croupier/contract/backoffice/players";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { afterCursor, cursorTime, pageFrom } from "./keyset-cursor.ts";

type Row = {
  guid: string;
  ip: string | null;
  device: string | null;
  platform: string | null;
  os_name: string | null;
  os_version: string | null;
  browser_name: string | null;
  browser_version: string | null;
  country: string | null;
  created_at: string;
  logged_in_at: string | null;
  finished_at: string | null;
  finish_reason: string | null;
  live: boolean;
};

const joined = (...parts: (string | null)[]) => parts.filter(Boolean).join(" ") || null;

/** GET /players/:id/sessions: login sessions with address, device, start and end and why it ended, newest first. */
export async function listPlayerSessions(
  db: SqlExecutor,
  playerId: string,
  query: PageQuery,
): Promise<PlayerSessionsPage> {
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT s.guid, s.ip, s.device, s.platform, s.os_name, s.os_version, s.browser_name, s.browser_version,
             s.country, ${cursorTime(sql`s.created_at`)} AS created_at, ${cursorTime(sql`s.logged_in_at`)} AS logged_in_at,
             ${cursorTime(sql`s.finished_at`)} AS finished_at, s.finish_reason,
             (s.finished_at IS NULL AND s.refresh_expires_at > now()) AS live
        FROM sessions s
       WHERE s.user_guid = ${playerId}
         AND ${afterCursor(query.cursor, "time-uuid", [sql`s.created_at`, sql`s.guid`])}
       ORDER BY s.created_at DESC, s.guid DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.created_at, row.guid]);
  return {
    items: page.rows.map((row) => ({
      id: row.guid,
      ip: row.ip,
      device: row.device,
      platform: row.platform,
      os: joined(row.os_name, row.os_version),
      browser: joined(row.browser_name, row.browser_version),
      country: row.country,
      started_at: row.created_at,
      logged_in_at: row.logged_in_at,
      finished_at: row.finished_at,
      // A session that ran out was ended by time, which no code path records.
      finish_reason: row.finish_reason ?? (row.live || row.finished_at ? null : "expired"),
      live: row.live,
    })),
    next_cursor: page.next_cursor,
  };
}
