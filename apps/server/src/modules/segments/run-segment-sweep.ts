import type { FastifyBaseLogger } from "fastify";
import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { applySegmentRules } from "./apply-segment-rules.ts";

/** Players re-evaluated per task per pass: a bounded pass whatever the number of players. */
export const SEGMENT_SWEEP_BATCH = 200;
/** Sign-ups this recent that were never evaluated are picked up (a sign-up has no segment hook of its own). */
const NEW_PLAYER_WINDOW_DAYS = 7;

/**
 * Re-evaluates rule segments in one bounded pass (issue #18, ADR 033): players whose
 * days-since-registration answer is due to change (segment_player_checks.next_check_at), recent
 * sign-ups never evaluated, and, after a segment's rules changed, the next slice of every player by
 * guid (segment_sweep_state.rebuild_cursor). Rows are locked SKIP LOCKED, so two processes share the
 * work; evaluation itself is idempotent and sends an event only for a membership it inserted.
 */
export async function runSegmentSweep(db: Db, log: FastifyBaseLogger): Promise<Record<string, number>> {
  const report: Record<string, number> = {};
  const count = (key: string, changes: Map<string, { added: string[]; removed: string[] }>) => {
    let added = 0;
    let removed = 0;
    for (const change of changes.values()) {
      added += change.added.length;
      removed += change.removed.length;
    }
    if (changes.size > 0) report[`${key}_players`] = changes.size;
    if (added > 0) report[`${key}_added`] = added;
    if (removed > 0) report[`${key}_removed`] = removed;
  };

  const due = await db.transaction(async (tx) => {
    const rows = await queryRows<{ user_guid: string }>(
      tx,
      sql`SELECT user_guid FROM segment_player_checks WHERE next_check_at <= now()
           ORDER BY next_check_at LIMIT ${SEGMENT_SWEEP_BATCH} FOR UPDATE SKIP LOCKED`,
    );
    return applySegmentRules(
      tx,
      rows.map((r) => r.user_guid),
    );
  });
  count("due", due);

  const fresh = await db.transaction(async (tx) => {
    const rows = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT u.guid FROM users u
           WHERE u.created_at > now() - make_interval(days => ${NEW_PLAYER_WINDOW_DAYS})
             AND NOT EXISTS (SELECT 1 FROM segment_player_checks c WHERE c.user_guid = u.guid)
           ORDER BY u.created_at LIMIT ${SEGMENT_SWEEP_BATCH}`,
    );
    return applySegmentRules(
      tx,
      rows.map((r) => r.guid),
    );
  });
  count("new", fresh);

  const rebuilt = await db.transaction(async (tx) => {
    const [state] = await queryRows<{ rebuild_cursor: string }>(
      tx,
      sql`SELECT rebuild_cursor FROM segment_sweep_state WHERE id = 1 AND rebuild_cursor IS NOT NULL FOR UPDATE SKIP LOCKED`,
    );
    if (!state) return new Map();
    const rows = await queryRows<{ guid: string }>(
      tx,
      sql`SELECT guid FROM users WHERE guid > ${state.rebuild_cursor}::uuid ORDER BY guid LIMIT ${SEGMENT_SWEEP_BATCH}`,
    );
    const changes = await applySegmentRules(
      tx,
      rows.map((r) => r.guid),
    );
    // A short slice is the last one: the rebuild is done.
    const next = rows.length < SEGMENT_SWEEP_BATCH ? null : rows[rows.length - 1]!.guid;
    await tx.execute(
      sql`UPDATE segment_sweep_state SET rebuild_cursor = ${next}::uuid, updated_at = now() WHERE id = 1`,
    );
    if (next === null) log.info({ players: rows.length }, "segment rebuild finished");
    return changes;
  });
  count("rebuild", rebuilt);
  return report;
}
