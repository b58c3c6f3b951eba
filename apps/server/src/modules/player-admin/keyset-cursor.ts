import { sql, type SQL } from "drizzle-orm";
import { AppError } from "../../lib/app-error.ts";

// Keyset pages for the player lists (newest first). A cursor is the sort key of the last row a
// page returned, base64url-encoded JSON; the next page starts strictly after it, so rows written
// meanwhile never shift a page and a deep page costs no more than the first.

export type CursorKind = "time-uuid" | "time-bigint" | "bigint";

const ISO_US = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const BIGINT = /^\d{1,19}$/;

const patterns: Record<CursorKind, RegExp[]> = {
  "time-uuid": [ISO_US, UUID],
  "time-bigint": [ISO_US, BIGINT],
  bigint: [BIGINT],
};

const invalid = () =>
  new AppError("VALIDATION_ERROR", "Invalid input: query.cursor", {
    fields: [{ field: "query.cursor", message: "is not a cursor of this list; start again from the first page" }],
  });

/** The timestamp as the cursor keeps it: microseconds, UTC, so no two rows of one instant are told apart by rounding. */
export const cursorTime = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function encodeCursor(parts: readonly string[]): string {
  return Buffer.from(JSON.stringify(parts), "utf8").toString("base64url");
}

/**
 * The condition "strictly after the cursor" in a newest-first order over `columns` (the sort key,
 * most significant first), or true when there is no cursor. A cursor of another list is refused
 * with a VALIDATION_ERROR on query.cursor.
 */
export function afterCursor(cursor: string | undefined, kind: CursorKind, columns: SQL[]): SQL {
  if (!cursor) return sql`true`;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    throw invalid();
  }
  const expected = patterns[kind];
  if (!Array.isArray(parts) || parts.length !== expected.length || columns.length !== expected.length) throw invalid();
  const values = parts.map((part, index) => {
    if (typeof part !== "string" || !expected[index]!.test(part)) throw invalid();
    return part;
  });
  const typed = values.map((value, index) => {
    const pattern = expected[index];
    if (pattern === ISO_US) return sql`${value}::timestamptz`;
    if (pattern === UUID) return sql`${value}::uuid`;
    return sql`${value}::bigint`;
  });
  return sql`(${sql.join(columns, sql`, `)}) < (${sql.join(typed, sql`, `)})`;
}

/** Cuts the extra row a list fetched (limit + 1) and names the cursor of the next page from the last row kept. */
export function pageFrom<Row>(
  rows: Row[],
  limit: number,
  keyOf: (row: Row) => string[],
): { rows: Row[]; next_cursor: string | null } {
  if (rows.length <= limit) return { rows, next_cursor: null };
  const kept = rows.slice(0, limit);
  return { rows: kept, next_cursor: encodeCursor(keyOf(kept[kept.length - 1]!)) };
}
