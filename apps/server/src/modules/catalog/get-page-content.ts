import { sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { DatabaseHandle } from "@croupier/db/create-database";
import { PAGE_GAMES_PER_TAG, pageEntry, type PageEntry } from "@croupier/contract/entities/catalog";
import type { Tag } from "@croupier/contract/entities/tag";
import { queryRows } from "../../lib/sql-executor.ts";
import { peekCatalogCache, readCatalogVersion, storeCatalogCache } from "./catalog-cache.ts";
import { GAME_ORDER, gameColumns, toEdgeGame, VISIBLE_GAME } from "./game-sql.ts";
import { TAG_COLUMNS } from "./list-catalog-tags.ts";

export const lobbyPages = ["home", "live", "slots"] as const;
export type LobbyPage = (typeof lobbyPages)[number];

// Which tag flag puts a row on a page, and which section (system tag name) its games come from.
const PAGE_RULES: Record<LobbyPage, { flag: SQL; section: string | null }> = {
  home: { flag: sql`t.show_in_top`, section: null },
  live: { flag: sql`t.show_in_live_section`, section: "Live" },
  slots: { flag: sql`t.show_in_slots_section`, section: "Slots" },
};

// Rows per page; operators configure a handful.
const PAGE_TAGS_MAX = 30;

/**
 * GET /edgesync/pages/{home,live,slots}: the page's tag rows in tag order,
 * each with its first games (lobby order) and the tag's game count on that
 * page. Rows without games for the device are left out. Public data: is_favorite
 * is always false here.
 *
 * The page's entries as the response schema serialises them (checked against it once per catalogue
 * version): the route writes the text into the envelope as it is. Checking and serialising ~700
 * games per request through zod was ~4 ms of CPU for a page that changes only with the catalogue.
 */
export async function getPageContentJson(
  database: DatabaseHandle,
  page: LobbyPage,
  device: { can_desktop?: boolean; can_mobile?: boolean },
): Promise<string> {
  // The same page for every visitor, recomputed only when the catalogue
  // changed. The version is read first: content read after it is at least
  // that new, and an entry stored under an outdated version is never served.
  const key = `page ${page} ${device.can_desktop} ${device.can_mobile}`;
  const version = await readCatalogVersion(database);
  const cached = peekCatalogCache<string>(database, key);
  if (cached && cached.version === version) return cached.value;
  const entries = await queryPageContent(database, page, device);
  const json = JSON.stringify(pageEntries.parse(entries));
  storeCatalogCache(database, key, version, json);
  return json;
}

const pageEntries = z.array(pageEntry);

async function queryPageContent(
  database: DatabaseHandle,
  page: LobbyPage,
  device: { can_desktop?: boolean; can_mobile?: boolean },
): Promise<PageEntry[]> {
  const rule = PAGE_RULES[page];
  const gameWhere = [VISIBLE_GAME, sql`g.game_status = 'active'`];
  if (device.can_desktop !== undefined) gameWhere.push(sql`g.can_desktop = ${device.can_desktop}`);
  if (device.can_mobile !== undefined) gameWhere.push(sql`g.can_mobile = ${device.can_mobile}`);
  if (rule.section)
    gameWhere.push(sql`g.system_tag_guid = (SELECT s.guid FROM tags s WHERE s.type = 'system' AND s.name = ${rule.section})`);
  const gameFilter = sql.join(gameWhere, sql` AND `);
  const tagWhere = [sql`t.type = 'category'`, rule.flag];
  if (device.can_desktop) tagWhere.push(sql`'desktop' = ANY(t.device_types)`);
  if (device.can_mobile) tagWhere.push(sql`'mobile' = ANY(t.device_types)`);

  // One pass over the games counts every row of the page (a count per tag would scan them once per row).
  const tags = await queryRows<Tag>(
    database.db,
    sql`WITH page_tags AS (
       SELECT ${TAG_COLUMNS} FROM tags t
       WHERE ${sql.join(tagWhere, sql` AND `)}
       ORDER BY t.ordering, t.name
       LIMIT ${PAGE_TAGS_MAX}
     ),
     counts AS (
       SELECT gt.tag_guid, count(*)::int AS n
       FROM game_tags gt JOIN games g ON g.guid = gt.game_guid JOIN providers p ON p.guid = g.provider_guid
       WHERE gt.tag_guid IN (SELECT guid FROM page_tags) AND ${gameFilter}
       GROUP BY gt.tag_guid
     )
     SELECT page_tags.*, coalesce(counts.n, 0) AS count
     FROM page_tags LEFT JOIN counts ON counts.tag_guid = page_tags.guid
     ORDER BY page_tags.ordering, page_tags.name`,
  );
  const withGames = tags.filter((t) => (t.count ?? 0) > 0);
  if (withGames.length === 0) return [];

  // sql.param: a bare array in a template would become a parenthesised list, not one uuid[] value.
  const tagGuids = sql.param(withGames.map((t) => t.guid));
  const rows = await queryRows<Record<string, unknown>>(
    database.db,
    sql`SELECT x.tag_guid AS page_tag_guid, ${gameColumns({ userId: null, edge: true })}
     FROM unnest(${tagGuids}::uuid[]) AS x(tag_guid)
     CROSS JOIN LATERAL (
       SELECT g.guid FROM game_tags gt
       JOIN games g ON g.guid = gt.game_guid JOIN providers p ON p.guid = g.provider_guid
       WHERE gt.tag_guid = x.tag_guid AND ${gameFilter}
       ORDER BY ${GAME_ORDER}
       LIMIT ${PAGE_GAMES_PER_TAG}
     ) pick
     JOIN games g ON g.guid = pick.guid JOIN providers p ON p.guid = g.provider_guid
     ORDER BY x.tag_guid, ${GAME_ORDER}`,
  );
  const gamesByTag = new Map<string, PageEntry["games"]>();
  for (const row of rows) {
    const key = row.page_tag_guid as string;
    const list = gamesByTag.get(key) ?? [];
    list.push(toEdgeGame(row));
    gamesByTag.set(key, list);
  }
  return withGames.map((tag) => ({ tag, games: gamesByTag.get(tag.guid) ?? [] }));
}
