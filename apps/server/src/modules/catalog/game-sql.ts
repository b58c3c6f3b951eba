import type { EdgeGame, Game } from "@croupier/contract/entities/game";
import type { GameFilters } from "./catalog-query.ts";

/** Collects positional parameters while a statement is assembled. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** Games a player may see at all: active status is a filter, the studio's switch is not. */
export const VISIBLE_GAME = "p.is_enabled";

/** The lobby order; every index on games ends with these columns. */
export const GAME_ORDER = "g.game_ordering, g.game_name, g.guid";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** WHERE conditions for the catalogue filters, on games g joined with providers p. */
export function gameConditions(filters: Partial<GameFilters>, params: Params, userId: string | null): string[] {
  const where = [VISIBLE_GAME];
  const eq = (column: string, value: unknown) => {
    if (value !== undefined) where.push(`${column} = ${params.add(value)}`);
  };
  eq("g.game_status", filters.game_status);
  eq("g.external_guid", filters.external_guid);
  eq("g.provider_guid", filters.provider_guid);
  eq("g.system_tag_guid", filters.system_tag_guid);
  eq("g.can_desktop", filters.can_desktop);
  eq("g.can_mobile", filters.can_mobile);
  eq("g.can_freespins", filters.can_freespins);
  eq("g.can_jackpot", filters.can_jackpot);
  eq("g.can_demo", filters.can_demo);
  eq("g.game_ordering", filters.game_ordering);
  eq("g.bonus_play_allowed", filters.bonus_play_allowed);
  if (filters.bonus_wage !== undefined) where.push(`g.bonus_wage = ${params.add(filters.bonus_wage)}::numeric`);
  if (filters.game_name !== undefined)
    where.push(`g.game_name ILIKE ${params.add(`%${escapeLike(filters.game_name)}%`)}`);
  if (filters.tag_guid !== undefined)
    where.push(
      `EXISTS (SELECT 1 FROM game_tags gt WHERE gt.tag_guid = ${params.add(filters.tag_guid)} AND gt.game_guid = g.guid)`,
    );
  if (filters.game_currency_guid !== undefined)
    where.push(
      `(cardinality(g.currency_guids) = 0 OR g.currency_guids @> ARRAY[${params.add(filters.game_currency_guid)}]::uuid[])`,
    );
  if (filters.favorites_only && userId)
    where.push(
      `EXISTS (SELECT 1 FROM favorites f WHERE f.user_guid = ${params.add(userId)} AND f.game_guid = g.guid)`,
    );
  for (const column of ["created_at", "updated_at"] as const) {
    const range = filters[column];
    if (range?.from) where.push(`g.${column} >= ${params.add(range.from)}::timestamptz`);
    if (range?.to) where.push(`g.${column} <= ${params.add(range.to)}::timestamptz`);
  }
  return where;
}

/** The select list of a Game (plus the edge-sync fields when asked), on games g joined with providers p. */
export function gameColumns(params: Params, options: { userId: string | null; edge: boolean }): string {
  const columns = [
    "g.guid",
    "g.external_guid",
    "g.provider_guid",
    "g.game_provider",
    "g.system_tag_guid",
    "g.game_name",
    "g.game_icon",
    "g.game_background_image",
    "g.game_ordering",
    "g.game_status",
    "g.can_desktop",
    "g.can_mobile",
    "g.can_demo",
    "g.can_freespins",
    "g.can_jackpot",
    "g.fee_group_guid",
    "trim_scale(g.bonus_wage)::text AS bonus_wage",
    "g.bonus_play_allowed",
    "g.currency_guids",
    "g.created_at",
    "g.updated_at",
    "ARRAY(SELECT gt.tag_guid FROM game_tags gt WHERE gt.game_guid = g.guid ORDER BY gt.tag_guid) AS project_tag_guids",
    options.userId
      ? `EXISTS (SELECT 1 FROM favorites f WHERE f.user_guid = ${params.add(options.userId)} AND f.game_guid = g.guid) AS is_favorite`
      : "false AS is_favorite",
  ];
  if (options.edge)
    columns.push(
      "p.name AS provider",
      `ARRAY(SELECT c.code FROM unnest(g.currency_guids) WITH ORDINALITY AS u(guid, n)
         JOIN currencies c ON c.guid = u.guid ORDER BY u.n) AS currency_codes`,
      `(SELECT t.name FROM game_tags gt JOIN tags t ON t.guid = gt.tag_guid
         WHERE gt.game_guid = g.guid AND t.show_as_label ORDER BY t.ordering, t.name LIMIT 1) AS label`,
      "(SELECT ps.guid FROM project_settings ps ORDER BY ps.created_at LIMIT 1) AS project_guid",
    );
  return columns.join(",\n  ");
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
