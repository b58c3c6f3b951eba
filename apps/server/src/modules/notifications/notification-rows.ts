import { sql, type SQL } from "drizzle-orm";
import type { Notification, NotificationKind } from "@croupier/contract/entities/notifications";
import { renderNotification } from "./render-notification.ts";

/** ISO 8601 in UTC, the same on PostgreSQL and PGlite whatever the session's time zone. */
export const isoTime = (column: SQL): SQL =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns toNotification reads, from notifications n (or the bare table when RETURNING). */
export const notificationColumns = (alias?: string): SQL => {
  const column = (name: string) => (alias ? sql.raw(`${alias}.${name}`) : sql.raw(name));
  return sql`${column("guid")} AS guid, ${column("id")}::text AS cursor, ${column("kind")} AS kind, ${column("params")} AS params,
    ${isoTime(column("read_at"))} AS read_at, ${isoTime(column("created_at"))} AS created_at`;
};

/** A notifications row as notificationColumns selects it. */
export type NotificationRow = {
  guid: string;
  cursor: string;
  kind: string;
  params: Record<string, string> | string;
  read_at: string | null;
  created_at: string;
};

/** The contract's Notification of a row, its text rendered from kind and params. */
export function toNotification(row: NotificationRow): Notification {
  // jsonb arrives parsed from node-postgres and PGlite alike; a string is tolerated all the same.
  const params = typeof row.params === "string" ? (JSON.parse(row.params) as Record<string, string>) : row.params;
  const kind = row.kind as NotificationKind;
  return {
    id: row.guid,
    kind,
    ...renderNotification(kind, params),
    params,
    read_at: row.read_at,
    created_at: row.created_at,
  };
}
