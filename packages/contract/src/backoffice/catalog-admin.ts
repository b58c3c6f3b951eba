import { z } from "zod";
import { gameStatus } from "../entities/game.ts";

// Back-office catalogue management (issue #15, capability 6): every game whatever its status,
// studios and tags, and the edits staff make to them. A change is visible to players at once:
// the catalogue's version is bumped in the writing transaction and every lobby cache is keyed by it.

export const CATALOG_PER_PAGE_MAX = 100;
export const GAME_TAGS_MAX = 50;
export const ORDERING_MIN = -1_000_000;
export const ORDERING_MAX = 1_000_000;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .max(8)
    .refine(
      (v) => /^-?\d+$/.test(v) && Number(v) >= min && Number(v) <= max,
      `must be a whole number from ${min} to ${max}`,
    );
const flag = z.enum(["true", "false"]);
const ordering = z.number().int().min(ORDERING_MIN).max(ORDERING_MAX);

export const adminGameSorts = ["ordering", "name", "studio", "status", "updated_at"] as const;

export const adminGamesQuery = z
  .object({
    q: z.string().trim().max(64).optional().describe("Case-insensitive part of the name or the external guid"),
    studio_guid: z.uuid().optional().describe("Only games of this studio"),
    game_provider: z.string().min(1).max(32).optional().describe("Only games run by this game provider (code)"),
    tag_guid: z.uuid().optional().describe("Only games carrying this category tag"),
    system_tag_guid: z.uuid().optional().describe("Only games of this lobby section"),
    status: gameStatus.optional().describe("Only games of this status"),
    enabled: flag.optional().describe("true: active games of enabled studios (what players see); false: the others"),
    sort: z.enum(adminGameSorts).optional().describe("Default ordering (the lobby's order)"),
    order: z.enum(["asc", "desc"]).optional(),
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, CATALOG_PER_PAGE_MAX).optional().describe(`Default 50, at most ${CATALOG_PER_PAGE_MAX}`),
  })
  .strict();
export type AdminGamesQuery = z.infer<typeof adminGamesQuery>;

export const adminGame = z
  .object({
    guid: z.uuid(),
    external_guid: z.string(),
    game_name: z.string(),
    game_icon: z.string().nullable(),
    /** Code of the game provider that runs it. */
    game_provider: z.string(),
    studio_guid: z.uuid(),
    studio_name: z.string(),
    studio_enabled: z.boolean(),
    system_tag_guid: z.uuid(),
    section: z.string(),
    game_status: gameStatus,
    /** Lower comes first in the lobby (then the name). */
    game_ordering: z.number().int(),
    /** Category tags, by tag ordering. */
    tag_guids: z.array(z.uuid()),
    /** Whether players can see it: active and its studio enabled. */
    visible: z.boolean(),
    /** Disabled because its game provider is switched off (its own status comes back when switched on). */
    provider_switched_off: z.boolean(),
    /** Whether granted free spins can be played in it (the bonus campaign editor's game picker). */
    can_freespins: z.boolean(),
    updated_at: z.string(),
  })
  .describe("AdminGame");
export type AdminGame = z.infer<typeof adminGame>;

export const gameParams = z.object({ guid: z.uuid() }).strict();

export const updateGameBody = z
  .object({
    game_status: gameStatus
      .optional()
      .describe("active: playable; maintenance: listed, not launchable; disabled: hidden"),
    game_ordering: ordering.optional(),
    tag_guids: z
      .array(z.uuid())
      .max(GAME_TAGS_MAX)
      .refine((v) => new Set(v).size === v.length, "must not repeat a tag")
      .optional()
      .describe("The game's category tags, replacing the current ones"),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "must change at least one of game_status, game_ordering, tag_guids");
export type UpdateGameBody = z.infer<typeof updateGameBody>;

export const adminStudio = z
  .object({
    guid: z.uuid(),
    name: z.string(),
    icon: z.string().nullable(),
    ordering: z.number().int(),
    is_enabled: z.boolean(),
    games: z.number().int(),
    active_games: z.number().int(),
    updated_at: z.string(),
  })
  .describe("AdminStudio");
export type AdminStudio = z.infer<typeof adminStudio>;

export const studioParams = gameParams;
export const updateStudioBody = z
  .object({
    is_enabled: z.boolean().optional().describe("false hides the studio and all its games from players"),
    ordering: ordering.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, "must change at least one of is_enabled, ordering");
export type UpdateStudioBody = z.infer<typeof updateStudioBody>;

/** A game provider (an integration running games, e.g. "house") as the catalogue knows it. */
export const adminGameProvider = z
  .object({
    code: z.string(),
    /** False while switched off: its games are disabled (no lobby, no launch, no new bets). */
    enabled: z.boolean(),
    games: z.number().int(),
    active_games: z.number().int(),
    visible_games: z.number().int(),
  })
  .describe("AdminGameProvider");
export type AdminGameProvider = z.infer<typeof adminGameProvider>;

export const gameProviderParams = z
  .object({
    code: z
      .string()
      .min(1)
      .max(32)
      .regex(/^[A-Za-z0-9_.-]+$/, "must be a provider code"),
  })
  .strict();
export const updateGameProviderBody = z
  .object({
    enabled: z.boolean().describe("false disables every game of the provider; true restores each game's own status"),
  })
  .strict();
export type UpdateGameProviderBody = z.infer<typeof updateGameProviderBody>;

export const adminTag = z
  .object({
    guid: z.uuid(),
    name: z.string(),
    type: z.enum(["system", "category"]),
    ordering: z.number().int(),
    games: z.number().int(),
    show_in_top: z.boolean(),
    show_in_slots_section: z.boolean(),
    show_in_live_section: z.boolean(),
  })
  .describe("AdminTag");
export type AdminTag = z.infer<typeof adminTag>;

export const tagParams = gameParams;
export const updateTagBody = z
  .object({ ordering })
  .strict()
  .describe("A tag's place among the lobby rows and category lists (lower first)");
export type UpdateTagBody = z.infer<typeof updateTagBody>;

export const adminGames = z.array(adminGame);
export const adminStudios = z.array(adminStudio);
export const adminTags = z.array(adminTag);
export const adminGameProviders = z.array(adminGameProvider);
