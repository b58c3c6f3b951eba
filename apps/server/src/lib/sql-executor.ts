import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { DatabaseHandle, Db } from "@croupier/db/create-database";

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

/** The database handle's parts the hot path needs: Drizzle, and the pg pool when on PostgreSQL. */
export type HotDatabase = Pick<DatabaseHandle, "db" | "pool">;

const dialect = new PgDialect();

/**
 * Runs a statement on the hot path as a NAMED prepared statement on
 * PostgreSQL: each pooled connection parses and plans it once and reuses the
 * plan (planning the wallet's one-statement CTEs costs far more than running
 * them). The name is a hash of the SQL text, so variants never collide.
 * PGlite has no pool and runs it through Drizzle.
 */
export async function hotRows<Row>(database: HotDatabase, statement: SQL): Promise<Row[]> {
  if (!database.pool) return queryRows<Row>(database.db, statement);
  const query = dialect.sqlToQuery(statement);
  const name = `w_${createHash("sha1").update(query.sql).digest("hex").slice(0, 24)}`;
  const result = await database.pool.query({ name, text: query.sql, values: query.params as unknown[] });
  return result.rows as Row[];
}
