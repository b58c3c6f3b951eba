import { sql } from "drizzle-orm";
import type { AdminTag } from "@croupier/contract/backoffice/catalog-admin";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export const ADMIN_TAG_COLUMNS = sql`t.guid, t.name, t.type, t.ordering, t.show_in_top, t.show_in_slots_section, t.show_in_live_section,
  (CASE WHEN t.type = 'system' THEN (SELECT count(*) FROM games g WHERE g.system_tag_guid = t.guid)
        ELSE (SELECT count(*) FROM game_tags gt WHERE gt.tag_guid = t.guid) END)::int AS games`;

/** GET /catalog/tags: every tag (sections first, then categories), in lobby order, with its number of games. */
export async function listAdminTags(executor: SqlExecutor): Promise<AdminTag[]> {
  return queryRows<AdminTag>(
    executor,
    sql`SELECT ${ADMIN_TAG_COLUMNS} FROM tags t ORDER BY t.type DESC, t.ordering, t.name LIMIT 1000`,
  );
}
