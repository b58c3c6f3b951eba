import { sql, type SQL } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { AuditEntry, AuditLogPage } from "@croupier/contract/backoffice/staff";
import { queryRows } from "../../lib/sql-executor.ts";
import { afterCursor, pageFrom } from "../player-admin/keyset-cursor.ts";

type AuditQuery = {
  staff_id?: string;
  player_id?: string;
  action?: string;
  from?: string;
  to?: string;
  limit: number;
  cursor?: string;
};

/**
 * GET /audit-log: newest first by id (the append order), keyset pages, each filter an indexed
 * column. An action ending in "." is a prefix ("staff." is every staff action). Reading the log
 * is not itself audited: it holds no player data beyond ids and what staff wrote.
 */
export async function listAuditLog(db: Db, query: AuditQuery): Promise<AuditLogPage> {
  // Qualified: the output column "id" is text, and ORDER BY would sort by it ("100" before "99").
  const where: SQL[] = [afterCursor(query.cursor, "bigint", [sql`staff_audit_log.id`])];
  if (query.staff_id) where.push(sql`staff_guid = ${query.staff_id}`);
  if (query.player_id) where.push(sql`player_guid = ${query.player_id}`);
  if (query.action)
    where.push(
      query.action.endsWith(".")
        ? sql`action LIKE ${`${query.action.replace(/_/g, "\\_")}%`}`
        : sql`action = ${query.action}`,
    );
  if (query.from) where.push(sql`at >= ${query.from}::timestamptz`);
  if (query.to) where.push(sql`at < ${query.to}::timestamptz`);
  const rows = await queryRows<AuditEntry>(
    db,
    sql`
      SELECT id::text AS id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
             staff_guid AS staff_id, staff_email, action, player_guid AS player_id, target_type, target_id,
             before, after, details, ip
        FROM staff_audit_log
       WHERE ${sql.join(where, sql` AND `)}
       ORDER BY staff_audit_log.id DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.id]);
  return { items: page.rows, next_cursor: page.next_cursor };
}
