import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { outboxEvents } from "../realtime/enqueue-event.ts";
import { hasLoyaltyTable, loadRuleSegments, segmentMatchSql, timeThresholds } from "./segment-rule-sql.ts";

export type SegmentChanges = { added: string[]; removed: string[] };

/** Players re-evaluated in one statement at most (the sweep's batch; events name one player each). */
export const APPLY_BATCH_MAX = 500;

/**
 * Re-evaluates every rule segment for these players in the caller's transaction, in one statement:
 * adds the rule memberships now matched (ON CONFLICT DO NOTHING: a manual membership stays manual,
 * and of two evaluations racing only one inserts, so customer_segment_added goes out once per
 * change), removes rule memberships no longer matched (never a manual one), writes the event for
 * each added membership, and records when each player next needs a look because of time alone.
 */
export async function applySegmentRules(tx: SqlExecutor, playerGuids: string[]): Promise<Map<string, SegmentChanges>> {
  const changes = new Map<string, SegmentChanges>();
  const players = [...new Set(playerGuids)].slice(0, APPLY_BATCH_MAX);
  if (players.length === 0) return changes;
  for (const guid of players) changes.set(guid, { added: [], removed: [] });

  const segments = await loadRuleSegments(tx);
  const loyalty = segments.some((s) => s.rules.some((r) => r.kind === "loyalty_level")) && (await hasLoyaltyTable(tx));
  const playerList = sql.join(
    players.map((p) => sql`${p}::uuid`),
    sql`, `,
  );
  const candidates =
    segments.length === 0
      ? sql`SELECT NULL::uuid AS user_guid, NULL::uuid AS segment_guid WHERE false`
      : sql`SELECT u.guid AS user_guid, s.segment_guid
              FROM users u
              CROSS JOIN LATERAL (VALUES ${sql.join(
                segments.map((s) => sql`(${s.guid}::uuid, ${segmentMatchSql(s.rules, loyalty)})`),
                sql`, `,
              )}) AS s(segment_guid, matches)
             WHERE u.guid IN (${playerList}) AND s.matches`;
  const event = outboxEvents("event", "customer_segment_added", {
    userGuid: sql`a.user_guid`,
    payload: sql`jsonb_build_object('segment_guid', a.segment_guid, 'name', sg.name)`,
    from: sql`FROM added a JOIN segments sg ON sg.guid = a.segment_guid`,
  });
  const rows = await queryRows<{ change: "added" | "removed" | "notified"; user_guid: string; segment_guid: string }>(
    tx,
    sql`WITH matched AS (${candidates}),
             added AS (
               INSERT INTO user_segments (user_guid, segment_guid, source)
               SELECT user_guid, segment_guid, 'rule' FROM matched
               ON CONFLICT (user_guid, segment_guid) DO NOTHING
               RETURNING user_guid, segment_guid),
             removed AS (
               DELETE FROM user_segments us
                WHERE us.user_guid IN (${playerList}) AND us.source = 'rule'
                  AND NOT EXISTS (SELECT 1 FROM matched m WHERE m.user_guid = us.user_guid AND m.segment_guid = us.segment_guid)
               RETURNING us.user_guid, us.segment_guid),
             ${event.insert}
        SELECT 'added' AS change, user_guid, segment_guid FROM added
        UNION ALL SELECT 'removed', user_guid, segment_guid FROM removed
        UNION ALL SELECT 'notified', NULL, NULL FROM (SELECT count(*) AS n FROM (${event.notify}) e) n`,
  );
  for (const row of rows)
    if (row.change !== "notified") changes.get(row.user_guid)?.[row.change].push(row.segment_guid);

  const thresholds = timeThresholds(segments);
  const days =
    thresholds.length === 0
      ? sql`ARRAY[]::int[]`
      : sql`ARRAY[${sql.join(
          thresholds.map((d) => sql`${d}`),
          sql`, `,
        )}]::int[]`;
  await tx.execute(
    sql`INSERT INTO segment_player_checks (user_guid, evaluated_at, next_check_at)
        SELECT u.guid, now(),
               (SELECT min(u.created_at + make_interval(days => t)) FROM unnest(${days}) AS t
                 WHERE u.created_at + make_interval(days => t) > now())
          FROM users u WHERE u.guid IN (${playerList})
        ON CONFLICT (user_guid) DO UPDATE SET evaluated_at = excluded.evaluated_at, next_check_at = excluded.next_check_at`,
  );
  return changes;
}
