import type { SQL } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";

/** The database or an open transaction: anything that can run a statement. */
export type SqlExecutor = Pick<Db, "execute">;

/** Runs one statement and returns its rows (same shape on PostgreSQL and PGlite). */
export async function queryRows<Row>(executor: SqlExecutor, statement: SQL): Promise<Row[]> {
  const result = (await executor.execute(statement)) as unknown as { rows: Row[] };
  return result.rows;
}

/** PostgreSQL's unique_violation, raised when a concurrent call claimed the same key first. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; depth < 4 && current; depth += 1) {
    if (typeof current === "object" && (current as { code?: unknown }).code === "23505") return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
