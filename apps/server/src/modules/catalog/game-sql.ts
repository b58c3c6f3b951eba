import { sql, type SQL } from "drizzle-orm";
import type { EdgeGame, Game } from "@croupier/contract/entities/game";
import type { GameFilters } from "./catalog-query.ts";

/** Games a player may see at all: active status is a filter, the studio's switch is not. */
export const VISIBLE_GAME = sql`p.is_enabled`;

/** The lobby order; every index on games ends with these columns. */
export const GAME_ORDER = sql`g.game_ordering, g.game_name, g.guid`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** WHERE conditions for the catalogue filters, on games g joined with providers p. */
export function gameConditions(filters: Partial<GameFilters>, userId: string | null): SQL[] {
  const where = [VISIBLE_GAME];
  const eq = (column: SQL, value: string | number | boolean | undefined) => {
    if (value !== undefined) where.push(sql`${column} = ${value}`);
  };
  eq(sql`g.game_status`, filters.game_status);
  eq(sql`g.external_guid`, filters.external_guid);
  eq(sql`g.provider_guid`, filters.provider_guid);
  eq(sql`g.system_tag_guid`, filters.system_tag_guid);
  eq(sql`g.can_desktop`, filters.can_desktop);
  eq(sql`g.can_mobile`, filters.can_mobile);
  eq(sql`g.can_freespins`, filters.can_freespins);
  eq(sql`g.can_jackpot`, filters.can_jackpot);
  eq(sql`g.can_demo`, filters.can_demo);
  eq(sql`g.game_ordering`, filters.game_ordering);
  eq(sql`g.bonus_play_allowed`, filters.bonus_play_allowed);
  if (filters.bonus_wage !== undefined) where.push(sql`g.bonus_wage = ${filters.bonus_wage}::numeric`);
  if (filters.game_name !== undefined) where.push(sql`g.game_name ILIKE ${`%${escapeLike(filters.game_name)}%`}`);
  if (filters.tag_guid !== undefined)
    where.push(sql`EXISTS (SELECT 1 FROM game_tags gt WHERE gt.tag_guid = ${filters.tag_guid} AND gt.game_guid = g.guid)`);
  if (filters.game_currency_guid !== undefined)
    where.push(
      sql`(cardinality(g.currency_guids) = 0 OR g.currency_guids @> ARRAY[${filters.game_currency_guid}]::uuid[])`,
    );
  // The player's favourites (few) drive the statement: their guids are looked up by primary key,
  // where an EXISTS per game had the planner walk every matching game of a 10k catalogue (ADR 043).
  if (filters.favorites_only && userId)
    where.push(sql`g.guid = ANY(ARRAY(SELECT f.game_guid FROM favorites f WHERE f.user_guid = ${userId}))`);
  for (const [column, range] of [
    [sql`g.created_at`, filters.created_at],
    [sql`g.updated_at`, filters.updated_at],
  ] as const) {
    if (range?.from) where.push(sql`${column} >= ${range.from}::timestamptz`);
    if (range?.to) where.push(sql`${column} <= ${range.to}::timestamptz`);
  }
  return where;
}

const GAME_COLUMNS = sql`g.guid,
  g.external_guid,
  g.provider_guid,
  g.game_provider,
  g.system_tag_guid,
  g.game_name,
  g.game_icon,
  g.game_background_image,
  g.game_ordering,
  g.game_status,
  g.can_desktop,
  g.can_mobile,
  g.can_demo,
  g.can_freespins,
  g.can_jackpot,
  g.fee_group_guid,
  trim_scale(g.bonus_wage)::text AS bonus_wage,
  g.bonus_play_allowed,
  g.currency_guids,
  g.created_at,
  g.updated_at,
  ARRAY(SELECT gt.tag_guid FROM game_tags gt WHERE gt.game_guid = g.guid ORDER BY gt.tag_guid) AS project_tag_guids`;

const EDGE_COLUMNS = sql`p.name AS provider,
  ARRAY(SELECT c.code FROM unnest(g.currency_guids) WITH ORDINALITY AS u(guid, n)
    JOIN currencies c ON c.guid = u.guid ORDER BY u.n) AS currency_codes,
  (SELECT t.name FROM game_tags gt JOIN tags t ON t.guid = gt.tag_guid
    WHERE gt.game_guid = g.guid AND t.show_as_label ORDER BY t.ordering, t.name LIMIT 1) AS label,
  (SELECT ps.guid FROM project_settings ps ORDER BY ps.created_at LIMIT 1) AS project_guid`;

/** The select list of a Game (plus the edge-sync fields when asked), on games g joined with providers p. */
export function gameColumns(options: { userId: string | null; edge: boolean }): SQL {
  const favorite = options.userId
    ? sql`EXISTS (SELECT 1 FROM favorites f WHERE f.user_guid = ${options.userId} AND f.game_guid = g.guid) AS is_favorite`
    : sql`false AS is_favorite`;
  return sql`${GAME_COLUMNS},
  ${favorite}${options.edge ? sql`,
  ${EDGE_COLUMNS}` : sql.empty()}`;
}

type GameRow = Omit<Game, "created_at" | "updated_at"> & {
  created_at: Date | string;
  updated_at: Date | string;
} & Partial<Pick<EdgeGame, "provider" | "currency_codes" | "label" | "project_guid">>;

const iso = (v: Date | string) => new Date(v).toISOString();

export function toGame(row: Record<string, unknown>): Game {
  const r = row as GameRow;
  return {
    guid: r.guid,
    external_guid: r.external_guid,
    provider_guid: r.provider_guid,
    game_provider: r.game_provider,
    system_tag_guid: r.system_tag_guid,
    game_name: r.game_name,
    game_icon: r.game_icon,
    game_background_image: r.game_background_image,
    game_ordering: r.game_ordering,
    game_status: r.game_status,
    can_desktop: r.can_desktop,
    can_mobile: r.can_mobile,
    can_demo: r.can_demo,
    can_freespins: r.can_freespins,
    can_jackpot: r.can_jackpot,
    fee_group_guid: r.fee_group_guid,
    bonus_wage: r.bonus_wage,
    bonus_play_allowed: r.bonus_play_allowed,
    is_favorite: r.is_favorite,
    project_tag_guids: r.project_tag_guids,
    currency_guids: r.currency_guids,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export function toEdgeGame(row: Record<string, unknown>): EdgeGame {
  const r = row as GameRow;
  return {
    ...toGame(row),
    currency_codes: r.currency_codes ?? [],
    provider: r.provider ?? "",
    label: r.label ?? null,
    project_guid: r.project_guid ?? "",
  };
}
