import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { rowsOf } from "./rows-of.ts";

const PRUNE_BATCH_MAX = 10_000;
/** Bounds one prune run; what is left goes with the next one. */
const PRUNE_STATEMENTS_MAX = 50;

/**
 * Deletes delivered rows (at or below the cursor's head and outside its gaps) older than the retention,
 * the oldest first, in statements of `batch` rows: the rows leave in bulk, off the wallet path (ADR 041).
 * The retention is what the realtime re-reads need (ADR 030: a process re-reads recent rows after each
 * Redis reconnection and while its own Redis connection is down), not history.
 */
export async function pruneOutboxEvents(db: Db, retentionMs: number, batch = 5_000): Promise<number> {
  const size = Math.min(Math.max(1, Math.trunc(batch)), PRUNE_BATCH_MAX);
  let total = 0;
  for (let i = 0; i < PRUNE_STATEMENTS_MAX; i += 1) {
    // The lowest ids first, through the primary key, materialized and handed over as an array: the
    // statement reads at most `size` rows whatever the table holds (no index on created_at; ids rise with
    // it, give or take a transaction's length). Joined directly, the planner scanned the whole table.
    const deleted = rowsOf<{ id: unknown }>(
      await db.execute(sql`
        WITH oldest AS MATERIALIZED (
          SELECT id FROM outbox_events WHERE id <= (SELECT head FROM outbox_cursor WHERE id = 1) ORDER BY id LIMIT ${size})
        DELETE FROM outbox_events o
         WHERE o.id = ANY (ARRAY(SELECT id FROM oldest))
           AND o.created_at < now() - make_interval(secs => ${Math.max(0, retentionMs) / 1000})
           AND NOT EXISTS (SELECT 1 FROM outbox_cursor c, jsonb_array_elements(c.gaps) AS g(v)
                            WHERE c.id = 1 AND o.id BETWEEN (g.v->>0)::bigint AND (g.v->>1)::bigint)
        RETURNING o.id`),
    );
    total += deleted.length;
    if (deleted.length < size) return total;
  }
  return total;
}
