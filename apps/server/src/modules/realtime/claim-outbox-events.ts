import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { nextOutboxCursor, type OutboxGap } from "./next-outbox-cursor.ts";
import { rowsOf } from "./rows-of.ts";

export type OutboxEvent = {
  id: string;
  event_id: string;
  user_guid: string | null;
  session_guid: string | null;
  type: string;
  payload: unknown;
};

export const OUTBOX_BATCH_MAX = 500;
/** Gaps younger than this are probed on every claim: an open wallet transaction commits within milliseconds. */
const GAP_YOUNG_MS = 2_000;

export type ClaimOptions = {
  batchSize?: number;
  /** Probe every gap, not only the young ones (the dispatcher does it every few seconds). */
  probeOldGaps?: boolean;
  now?: () => number;
};

export type ClaimResult = { busy: true } | { busy: false; handled: number; full: boolean; gapsForgotten: number };

type Row = OutboxEvent & { id: string | number | bigint };

/**
 * Hands the outbox rows not emitted yet to `deliver` in id order, without writing to them (ADR 041):
 * the one cursor row says how far delivery got. In one transaction: lock the cursor row (another
 * process holding it reports `busy` and relies on the holder, which hears the same NOTIFY), read the
 * rows past the head and the rows that appeared in its gaps, `deliver`, move the cursor. The move only
 * becomes visible when `deliver` has returned, so an emit that throws or a process that dies mid-batch
 * leaves the rows for the next run: at-least-once, each process drops duplicates by event_id.
 *
 * Why gaps: ids are taken at insert and transactions commit in any order, so when the head passes id
 * 120 the row 118 may still be uncommitted. Missing ids below the head are remembered as ranges and
 * probed (primary-key lookups) until their row shows up or they expire (OUTBOX_GAP_TTL_MS).
 */
export async function claimOutboxEvents(
  db: Db,
  deliver: (events: OutboxEvent[]) => void | Promise<void>,
  options: ClaimOptions = {},
): Promise<ClaimResult> {
  const limit = Math.min(Math.max(1, Math.trunc(options.batchSize ?? OUTBOX_BATCH_MAX)), OUTBOX_BATCH_MAX);
  const now = (options.now ?? Date.now)();
  return db.transaction(async (tx) => {
    // One statement, one round trip: the cursor row's lock (FOR UPDATE returns the newest committed cursor
    // even when another dispatcher moved it after this statement's snapshot was taken; a row that snapshot
    // cannot see yet simply becomes a gap), then its rows: the primary key in id order past the head, and
    // primary-key range probes of the gaps (the young ones; all of them when probeOldGaps).
    const rows = rowsOf<Row & { cursor: boolean }>(
      await tx.execute(sql`
        WITH c AS (SELECT head, gaps FROM outbox_cursor WHERE id = 1 FOR UPDATE SKIP LOCKED)
        SELECT true AS cursor, c.head AS id, NULL::uuid AS event_id, NULL::uuid AS user_guid, NULL::uuid AS session_guid,
               NULL::varchar AS type, c.gaps AS payload
          FROM c
        UNION ALL
        SELECT false, e.id, e.event_id, e.user_guid, e.session_guid, e.type, e.payload
          FROM c, LATERAL (
            (SELECT id, event_id, user_guid, session_guid, type, payload FROM outbox_events
              WHERE id > c.head ORDER BY id LIMIT ${limit})
            UNION ALL
            (SELECT o.id, o.event_id, o.user_guid, o.session_guid, o.type, o.payload
               FROM jsonb_array_elements(c.gaps) AS g(v)
               JOIN outbox_events o ON o.id BETWEEN (g.v->>0)::bigint AND (g.v->>1)::bigint
              WHERE ${options.probeOldGaps === true} OR ${now}::bigint - (g.v->>2)::bigint < ${GAP_YOUNG_MS})) e`),
    );
    const cursor = rows.find((row) => row.cursor);
    if (!cursor) return { busy: true } as const;
    const head = Number(cursor.id);
    const gaps = cursor.payload as OutboxGap[];

    // RETURNING/UNION order is not defined; ids are bigint (a string from node-postgres).
    const events = rows
      .filter((row) => !row.cursor)
      .map(({ cursor: _, ...row }) => ({ ...row, id: String(row.id) }))
      .sort((a, b) => Number(a.id) - Number(b.id));
    const fresh = events.filter((event) => Number(event.id) > head);
    const next = nextOutboxCursor(
      head,
      gaps,
      events.map((event) => Number(event.id)),
      now,
    );
    if (events.length > 0) await deliver(events);
    if (next.head !== head || next.changed)
      await tx.execute(
        sql`UPDATE outbox_cursor SET head = ${next.head}::bigint, gaps = ${JSON.stringify(next.gaps)}::jsonb, updated_at = now()
             WHERE id = 1`,
      );
    return {
      busy: false,
      handled: events.length,
      full: fresh.length === limit,
      gapsForgotten: next.forgotten,
    } as const;
  });
}
