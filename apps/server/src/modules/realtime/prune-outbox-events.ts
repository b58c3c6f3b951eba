import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { rowsOf } from "./rows-of.ts";

/** Old delivered rows are only history; keeping a day of them helps debugging without growing forever. */
export async function pruneOutboxEvents(db: Db, retentionHours: number, batch = 5_000): Promise<number> {
  const deleted = rowsOf<{ id: unknown }>(
    await db.execute(sql`
      DELETE FROM outbox_events
       WHERE id IN (
         SELECT id FROM outbox_events
          WHERE delivered_at < now() - make_interval(hours => ${Math.trunc(retentionHours)})
          LIMIT ${batch})
      RETURNING id`),
  );
  return deleted.length;
}
