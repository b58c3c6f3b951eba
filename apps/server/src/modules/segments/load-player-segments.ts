import { sql } from "drizzle-orm";
import type { PlayerSegments } from "@croupier/contract/backoffice/segments";
import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { iso } from "./segment-sql.ts";

const SHOWN_MAX = 200;

/** A player's segment memberships (with their source) and staff tags, for the player page. */
export async function loadPlayerSegments(db: SqlExecutor, playerGuid: string): Promise<PlayerSegments> {
  const [player] = await queryRows<{ guid: string }>(db, sql`SELECT guid FROM users WHERE guid = ${playerGuid}::uuid`);
  if (!player) throw notFound("No such player.");
  const segments = await queryRows<PlayerSegments["segments"][number] & { created_at: unknown }>(
    db,
    sql`SELECT s.guid, s.name, s.group_name, us.source, us.created_at
          FROM user_segments us JOIN segments s ON s.guid = us.segment_guid
         WHERE us.user_guid = ${playerGuid}::uuid ORDER BY s.group_name, s.name LIMIT ${SHOWN_MAX}`,
  );
  const tags = await queryRows<{ tag: string; created_at: unknown }>(
    db,
    sql`SELECT tag, created_at FROM player_tags WHERE user_guid = ${playerGuid}::uuid ORDER BY tag LIMIT ${SHOWN_MAX}`,
  );
  return {
    segments: segments.map((s) => ({ ...s, created_at: iso(s.created_at) })),
    tags: tags.map((t) => ({ tag: t.tag, created_at: iso(t.created_at) })),
  };
}
