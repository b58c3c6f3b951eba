import { sql, type SQL } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";

// Keyset pages of the money-review lists: a cursor is the (created_at, guid) of the last row a page
// returned, base64url JSON. Rows written meanwhile never shift a page; a deep page costs what the first does.

const ISO_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** created_at as a cursor keeps it: microseconds, UTC. */
export const cursorTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const encodeCursor = (time: string, guid: string) =>
  Buffer.from(JSON.stringify([time, guid]), "utf8").toString("base64url");

/** "After the cursor" in the list's order (oldest or newest first), or true without a cursor. */
export function afterCursor(cursor: string | undefined, order: "asc" | "desc", time: SQL, guid: SQL): SQL {
  if (!cursor) return sql`true`;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    parts = null;
  }
  if (!Array.isArray(parts) || parts.length !== 2 || !ISO_US.test(String(parts[0])) || !UUID.test(String(parts[1])))
    throw new AppError("VALIDATION_ERROR", "Invalid input: query.cursor", {
      fields: [{ field: "query.cursor", message: "is not a cursor of this list; start again from the first page" }],
    });
  const op = sql.raw(order === "asc" ? ">" : "<");
  return sql`(${time}, ${guid}) ${op} (${String(parts[0])}::timestamptz, ${String(parts[1])}::uuid)`;
}
