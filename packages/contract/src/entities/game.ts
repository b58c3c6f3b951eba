import { z } from "zod";

export const gameStatus = z.enum(["active", "maintenance", "disabled"]);
export type GameStatus = z.infer<typeof gameStatus>;

/** A decimal string such as "100" or "12.5" (never a JS number). */
export const percentText = z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, "must be a percentage such as 100 or 12.5");

export const game = z
  .object({
    guid: z.uuid(),
    /** The running provider's own id of the game, e.g. "house:slot-pharaoh-gold"; favourites use it. */
    external_guid: z.string().max(128),
    /** The studio shown in the lobby. */
    provider_guid: z.uuid(),
    /** Code of the integration that runs the game ("house" for the built-in provider). */
    game_provider: z.string().max(32),
    /** The lobby section: the Live or Slots system tag. */
    system_tag_guid: z.uuid(),
    game_name: z.string().max(120),
    game_icon: z.string().max(300).nullable(),
    game_background_image: z.string().max(300).nullable(),
    game_ordering: z.number().int(),
    game_status: gameStatus,
    can_desktop: z.boolean(),
    can_mobile: z.boolean(),
    can_demo: z.boolean(),
    can_freespins: z.boolean(),
    can_jackpot: z.boolean(),
    fee_group_guid: z.uuid().nullable(),
    /** Share of a bonus-money bet counted towards wagering, in percent. */
    bonus_wage: percentText,
    bonus_play_allowed: z.boolean(),
    /** True when the logged-in player marked the game; always false for visitors and on edge-sync pages. */
    is_favorite: z.boolean(),
    /** Category tags of the game. */
    project_tag_guids: z.array(z.uuid()),
    /** Currencies the game accepts; empty means every currency of the project. */
    currency_guids: z.array(z.uuid()),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("Game");
export type Game = z.infer<typeof game>;

/** The edge-sync copy of a game carries a few denormalised fields for the lobby. */
export const edgeGame = game
  .extend({
    /** Codes of currency_guids, in the same order; empty means every currency. */
    currency_codes: z.array(z.string().max(16)),
    /** The studio's name. */
    provider: z.string().max(80),
    /** Name of the game's first label tag (show_as_label) by tag ordering, if any. */
    label: z.string().max(80).nullable(),
    project_guid: z.uuid(),
  })
  .describe("EdgeGame");
export type EdgeGame = z.infer<typeof edgeGame>;
