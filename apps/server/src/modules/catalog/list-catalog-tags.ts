import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { Tag } from "@croupier/contract/entities/tag";
import { queryRows } from "../../lib/sql-executor.ts";
import { VISIBLE_GAME } from "./game-sql.ts";
import { scopeConditions, type CatalogScope } from "./list-providers.ts";

export const TAG_COLUMNS = sql`t.guid, t.name, t.type, t.ordering, t.tag_icon_url, t.category_hex, t.device_types, t.system_tags,
  t.show_as_category, t.show_as_label, t.show_in_bottom, t.show_in_top, t.show_in_collections,
  t.show_in_slots_section, t.show_in_live_section`;

// Tags are few; the list is returned whole.
export const TAGS_MAX = 500;

/**
 * Tags (system and category) that have active games in the scope, each with
 * the number of those games. A device flag also requires the tag to be meant
 * for that device; a section requires the tag to be shown in it.
 */
export async function listCatalogTags(database: DatabaseHandle, scope: CatalogScope): Promise<Tag[]> {
  const gameWhere = [VISIBLE_GAME, sql`g.game_status = 'active'`, ...scopeConditions(scope)];
  const tagWhere = [sql`true`];
  if (scope.can_desktop) tagWhere.push(sql`'desktop' = ANY(t.device_types)`);
  if (scope.can_mobile) tagWhere.push(sql`'mobile' = ANY(t.device_types)`);
  if (scope.system_tag !== undefined)
    tagWhere.push(sql`(t.guid = ${scope.system_tag} OR ${scope.system_tag} = ANY(t.system_tags))`);
  const rows = await queryRows<Tag>(
    database.db,
    sql`WITH active AS MATERIALIZED (
       SELECT g.guid, g.system_tag_guid FROM games g JOIN providers p ON p.guid = g.provider_guid
       WHERE ${sql.join(gameWhere, sql` AND `)}
     ),
     counts AS (
       SELECT gt.tag_guid AS guid, count(*) AS n FROM game_tags gt JOIN active a ON a.guid = gt.game_guid GROUP BY gt.tag_guid
       UNION ALL
       SELECT a.system_tag_guid, count(*) FROM active a GROUP BY a.system_tag_guid
     )
     SELECT ${TAG_COLUMNS}, c.n::int AS count
     FROM tags t JOIN counts c ON c.guid = t.guid
     WHERE ${sql.join(tagWhere, sql` AND `)}
     ORDER BY t.ordering, t.name
     LIMIT ${TAGS_MAX}`,
  );
  return rows;
}
