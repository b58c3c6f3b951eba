import type { DatabaseHandle } from "@croupier/db/create-database";
import { readCatalogVersion } from "../catalog/catalog-cache.ts";

/**
 * The catalogue version as the page cache keys it, read from the database at most once per
 * interval_ms (one read in flight at a time, shared by every request): a change committed by any
 * process is seen here within interval_ms. A failed read keeps the last version it knew and tries
 * again on the next request; before any read succeeded it answers null (the page is not cached).
 */
export function createContentVersionReader(database: DatabaseHandle, interval_ms: number) {
  let version: string | null = null;
  let read_at_ms = Number.NEGATIVE_INFINITY;
  let pending: Promise<string | null> | null = null;
  return function readContentVersion(now_ms = Date.now()): Promise<string | null> | string | null {
    if (now_ms - read_at_ms < interval_ms) return version;
    pending ??= readCatalogVersion(database)
      .then((read) => {
        version = read || null;
        read_at_ms = Date.now();
        return version;
      })
      .catch(() => version)
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}
