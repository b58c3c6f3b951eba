import { sql } from "drizzle-orm";
import type { SegmentRow } from "@croupier/contract/backoffice/segments";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export const iso = (value: unknown): string => new Date(value as string | Date).toISOString();

/** The zero guid: a rebuild starts after it, i.e. at the first player. */
const REBUILD_FROM_START = "00000000-0000-0000-0000-000000000000";

/** Segments as staff see them (one, or a page), with their payment link and member counts by source. */
export async function loadSegmentRows(
  db: SqlExecutor,
  filter: { guid?: string; name?: string; limit: number; offset: number },
): Promise<SegmentRow[]> {
  const where = [sql`true`];
  if (filter.guid) where.push(sql`s.guid = ${filter.guid}::uuid`);
  if (filter.name) {
    const like = `%${filter.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(s.name ILIKE ${like} OR s.group_name ILIKE ${like})`);
  }
  const rows = await queryRows<SegmentRow & { created_at: unknown; updated_at: unknown }>(
    db,
    sql`SELECT s.guid, s.name, s.group_name, s.fetch_interval, s.data, s.is_default, s.rules, s.created_at, s.updated_at,
               l.payment_segment_guid, ps.name AS payment_segment_name,
               (SELECT count(*)::int FROM user_segments us WHERE us.segment_guid = s.guid AND us.source = 'rule') AS rule_members,
               (SELECT count(*)::int FROM user_segments us WHERE us.segment_guid = s.guid AND us.source = 'manual') AS manual_members
          FROM segments s
          LEFT JOIN segment_payment_segments l ON l.segment_guid = s.guid
          LEFT JOIN payment_segments ps ON ps.guid = l.payment_segment_guid
         WHERE ${sql.join(where, sql` AND `)}
         ORDER BY s.group_name, s.name, s.guid
         LIMIT ${filter.limit} OFFSET ${filter.offset}`,
  );
  return rows.map((row) => ({
    ...row,
    data: row.data && typeof row.data === "object" && !Array.isArray(row.data) ? row.data : {},
    payment_segment_guid: row.payment_segment_guid ?? null,
    payment_segment_name: row.payment_segment_name ?? null,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  }));
}

/** Asks the sweep to re-evaluate every player (a segment's rules changed); restarts a rebuild under way. */
export async function requestSegmentRebuild(tx: SqlExecutor): Promise<void> {
  await tx.execute(
    sql`UPDATE segment_sweep_state SET rebuild_cursor = ${REBUILD_FROM_START}::uuid, updated_at = now() WHERE id = 1`,
  );
}
