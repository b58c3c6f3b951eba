import { z } from "zod";
import { PER_PAGE_MAX } from "@croupier/contract/envelope";
import { gameStatus, type GameStatus } from "@croupier/contract/entities/game";

// Query strings arrive as text and are validated as text (so the OpenAPI
// document shows what clients really send), then parsed by parseGameFilters.
// Unknown parameters are rejected: a misspelt filter must not silently return
// the whole catalogue.

const flag = z.enum(["true", "false", "1", "0"]).describe("true or false");
const uuidText = z.uuid();
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .max(12)
    .refine((v) => /^-?\d+$/.test(v) && Number(v) >= min && Number(v) <= max, `must be a whole number from ${min} to ${max}`);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2}))?$/;
const isInstant = (v: string) => ISO_INSTANT.test(v) && !Number.isNaN(Date.parse(v));

/** "2025-01-01" or an ISO datetime with offset: on or after; "from..to": between, inclusive; "..to": up to. */
const instantRange = z
  .string()
  .max(80)
  .refine((v) => {
    const [from, to, extra] = v.split("..");
    if (extra !== undefined) return false;
    if (to === undefined) return isInstant(from!);
    return (from === "" || isInstant(from!)) && (to === "" || isInstant(to)) && (from !== "" || to !== "");
  }, 'must be an ISO date or datetime with offset ("2025-01-31T12:00:00Z"), or a range "from..to"');

export const pageQuery = {
  page: wholeNumber(1, 100_000).optional().describe("1-based page number; default 1"),
  per_page: wholeNumber(1, PER_PAGE_MAX)
    .optional()
    .describe(`Page size; default 24, at most ${PER_PAGE_MAX} (larger values are a 400)`),
};

export const deviceQuery = {
  can_desktop: flag.optional().describe("Only games (or entries with games) playable on desktop (true) or not (false)"),
  can_mobile: flag.optional().describe("Only games (or entries with games) playable on mobile (true) or not (false)"),
};

export const gamesQueryShape = {
  external_guid: z.string().trim().min(1).max(128).optional().describe("Exact external guid"),
  provider_guid: uuidText.optional().describe("Studio guid"),
  game_name: z.string().max(64).optional().describe("Case-insensitive substring of the name"),
  game_status: gameStatus.optional().describe("Default active"),
  ...deviceQuery,
  can_freespins: flag.optional(),
  can_jackpot: flag.optional(),
  can_demo: flag.optional(),
  game_ordering: wholeNumber(-1_000_000, 1_000_000).optional().describe("Exact ordering value"),
  bonus_wage: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, "must be a percentage such as 100 or 12.5")
    .optional()
    .describe("Exact wagering contribution in percent"),
  bonus_play_allowed: flag.optional(),
  tag_guid: uuidText.optional().describe("Category tag guid"),
  game_currency_guid: uuidText.optional().describe("Games accepting this currency"),
  system_tag_guid: uuidText.optional().describe("Section: the Live or Slots system tag guid"),
  favorites_only: flag.optional().describe("Only the logged-in player's favourites (401 for visitors)"),
  created_at: instantRange.optional().describe('On or after an ISO instant, or a range "from..to"'),
  updated_at: instantRange.optional().describe('On or after an ISO instant, or a range "from..to"'),
  ...pageQuery,
};
export const gamesQuery = z.object(gamesQueryShape).strict();
export type GamesQuery = z.infer<typeof gamesQuery>;

export const devicesQuery = z.object(deviceQuery).strict();
export const edgeListQuery = z
  .object({ ...deviceQuery, system_tag: uuidText.optional().describe("Section: the Live or Slots system tag guid") })
  .strict();

export type InstantRange = { from?: string; to?: string };
export type GameFilters = {
  external_guid?: string;
  provider_guid?: string;
  game_name?: string;
  game_status: GameStatus;
  can_desktop?: boolean;
  can_mobile?: boolean;
  can_freespins?: boolean;
  can_jackpot?: boolean;
  can_demo?: boolean;
  game_ordering?: number;
  bonus_wage?: string;
  bonus_play_allowed?: boolean;
  tag_guid?: string;
  game_currency_guid?: string;
  system_tag_guid?: string;
  favorites_only: boolean;
  created_at?: InstantRange;
  updated_at?: InstantRange;
};
export type Paging = { page: number; per_page: number };

export const DEFAULT_PER_PAGE = 24;

export const parseFlag = (v: string | undefined) => (v === undefined ? undefined : v === "true" || v === "1");

function parseRange(v: string | undefined): InstantRange | undefined {
  if (v === undefined) return undefined;
  const [from, to] = v.split("..");
  return { from: from || undefined, to: to === undefined ? undefined : to || undefined };
}

export function parseGameFilters(q: GamesQuery): { filters: GameFilters; paging: Paging } {
  const name = q.game_name?.trim();
  return {
    filters: {
      external_guid: q.external_guid,
      provider_guid: q.provider_guid,
      game_name: name ? name : undefined,
      game_status: q.game_status ?? "active",
      can_desktop: parseFlag(q.can_desktop),
      can_mobile: parseFlag(q.can_mobile),
      can_freespins: parseFlag(q.can_freespins),
      can_jackpot: parseFlag(q.can_jackpot),
      can_demo: parseFlag(q.can_demo),
      game_ordering: q.game_ordering === undefined ? undefined : Number(q.game_ordering),
      bonus_wage: q.bonus_wage,
      bonus_play_allowed: parseFlag(q.bonus_play_allowed),
      tag_guid: q.tag_guid,
      game_currency_guid: q.game_currency_guid,
      system_tag_guid: q.system_tag_guid,
      favorites_only: parseFlag(q.favorites_only) ?? false,
      created_at: parseRange(q.created_at),
      updated_at: parseRange(q.updated_at),
    },
    paging: {
      page: q.page ? Number(q.page) : 1,
      per_page: q.per_page ? Number(q.per_page) : DEFAULT_PER_PAGE,
    },
  };
}
