import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { hotRows } from "../../lib/sql-executor.ts";

/**
 * Results derived from the catalogue (list totals, lobby pages), kept per
 * database handle under the catalog_version they were computed at. The
 * version is bumped by statement triggers in the writing transaction
 * (migration 0007), so an entry is served only while the catalogue is
 * unchanged, whoever changed it: the import, staff SQL, another process.
 */
type Entry = { version: string; value: unknown };

// Filter combinations are bounded by the lobby's UI but a client can vary them
// freely: keep the most recently used.
const MAX_ENTRIES = 500;
const caches = new WeakMap<object, Map<string, Entry>>();

function cacheOf(database: Pick<DatabaseHandle, "db">): Map<string, Entry> {
  let cache = caches.get(database.db);
  if (!cache) {
    cache = new Map();
    caches.set(database.db, cache);
  }
  return cache;
}

/** SQL yielding the current catalogue version as text (usable as a column or a statement). */
export const CATALOG_VERSION = sql`(SELECT version::text FROM catalog_version)`;

/** The current catalogue version. */
export async function readCatalogVersion(database: DatabaseHandle): Promise<string> {
  // hotRows: every lobby-page request reads it first; a named prepared statement skips the parse
  // and plan, and having no parameters its plan cannot turn generic. (The filtered lists do not
  // use hotRows: a plan cached for one filter combination measured 2.4x slower for another.)
  const [row] = await hotRows<{ version: string | null }>(database, sql`SELECT ${CATALOG_VERSION} AS version`);
  return row?.version ?? "";
}

/** The entry for key, whatever version it was computed at (the caller compares). */
export function peekCatalogCache<T>(database: DatabaseHandle, key: string): { version: string; value: T } | undefined {
  const cache = cacheOf(database);
  const entry = cache.get(key);
  if (!entry) return undefined;
  // Most recently used goes last; the oldest is evicted first.
  cache.delete(key);
  cache.set(key, entry);
  return entry as { version: string; value: T };
}

export function storeCatalogCache(database: DatabaseHandle, key: string, version: string, value: unknown): void {
  if (!version) return;
  const cache = cacheOf(database);
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, { version, value });
}
