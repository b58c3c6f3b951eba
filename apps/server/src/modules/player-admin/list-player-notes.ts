import { sql } from "drizzle-orm";
import type { PageQuery, PlayerNotesPage } from "@croupier/contract/backoffice/players";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { afterCursor, cursorTime, pageFrom } from "./keyset-cursor.ts";

type Row = { id: string; text: string; staff_email: string; created_at: string };

/** GET /players/:id/notes: staff notes on the player, newest first. */
export async function listPlayerNotes(db: SqlExecutor, playerId: string, query: PageQuery): Promise<PlayerNotesPage> {
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT n.id::text AS id, n.text, n.staff_email, ${cursorTime(sql`n.created_at`)} AS created_at
        FROM player_notes n
       WHERE n.player_guid = ${playerId}
         AND ${afterCursor(query.cursor, "bigint", [sql`n.id`])}
       ORDER BY n.id DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.id]);
  return {
    items: page.rows.map((row) => ({
      id: row.id,
      text: row.text,
      author_email: row.staff_email,
      created_at: row.created_at,
    })),
    next_cursor: page.next_cursor,
  };
}
