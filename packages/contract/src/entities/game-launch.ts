import { z } from "zod";
import { decimalString } from "./currency.ts";

/** A game page path `/game/{provider_name}/{game_name}` or a full URL ending in one. */
const gameUrl = z.string().trim().min(1).max(500);

export const gameDevice = z.enum(["desktop", "mobile"]);
export type GameDevice = z.infer<typeof gameDevice>;

/** POST /game/open. The game is named by game_guid, or by game_url when the guid is not known. */
export const gameOpenBody = z
  .object({
    is_demo: z.boolean().default(false),
    game_guid: z.uuid().optional(),
    game_url: gameUrl.optional(),
    language_code: z
      .string()
      .regex(/^[a-z]{2}(-[A-Za-z]{2})?$/, "must be a language code such as en or en-GB")
      .default("en"),
    /** Real play: which of the player's wallets to play with (default: the active one). Demo: the play-money currency. */
    currency_guid: z.uuid().optional(),
    /** A currency pair for in-game conversion (ingame_convertion policy). */
    exchange_guid: z.uuid().optional(),
    /** Where the game's own exit button leads: a path on this site. */
    exit_url: z.string().trim().max(500).optional(),
    device: gameDevice.default("desktop"),
  })
  .refine((body) => body.game_guid !== undefined || body.game_url !== undefined, {
    message: "game_guid or game_url is required",
    path: ["game_guid"],
  });
export type GameOpenBody = z.input<typeof gameOpenBody>;

export const gameInfo = z.object({
  game_guid: z.uuid(),
  game_external_guid: z.string().max(128),
  background_image: z.string().max(300).nullable(),
  can_free_spins: z.boolean(),
});

export const gameOpenResult = z
  .object({
    /** The game session (real play), or a one-off id for a demo launch (demo sessions are not stored). */
    session_id: z.uuid(),
    /** The provider's launch URL; real play carries the game session token as its `token` parameter. */
    game_url: z.string().max(2000),
    /** HTML to render instead of a frame, for providers that need it; null for frame providers. */
    game_html: z.string().nullable(),
    game_info: gameInfo,
    mode: z.enum(["real", "demo"]),
    /** The currency the game plays in: the wallet's for real play. */
    currency_guid: z.uuid(),
    currency_code: z.string().max(16),
  })
  .describe("Game open result");
export type GameOpenResult = z.infer<typeof gameOpenResult>;

/** A currency pair the game can be played through, with its stored exchange rate. */
export const conversionPair = z.object({
  guid: z.uuid(),
  external_guid: z.string().max(64),
  base_asset: z.string().max(16),
  base_guid: z.uuid(),
  quote_asset: z.string().max(16),
  quote_guid: z.uuid(),
  /** 1 base_asset = price quote_asset, the stored exchange rate. */
  price: decimalString,
  /** When the rate source quoted it. */
  quoted_at: z.string(),
});
export type ConversionPair = z.infer<typeof conversionPair>;

export const gameCurrency = z.object({
  guid: z.uuid(),
  code: z.string().max(16),
  name: z.string().max(80),
  symbol: z.string().max(8),
  decimals: z.number().int(),
});
export type GameCurrency = z.infer<typeof gameCurrency>;

export const gameConversion = z
  .object({
    game_guid: z.uuid(),
    /** The project's currency_convertion_policy. */
    policy: z.enum(["disabled", "ingame_convertion", "wallet_convertion"]),
    /** The logged-in player's active wallet currency; null for visitors or players without a wallet. */
    wallet_currency_guid: z.uuid().nullable(),
    /** True when the active wallet's currency is not one the game accepts. */
    conversion_required: z.boolean(),
    /** Active pairs with a rate linking the wallet currency (visitors: any currency) with a game currency. */
    supported_currency_pairs: z.array(conversionPair),
    /** The project's currencies the game accepts. */
    project_game_currencies: z.array(gameCurrency),
    /** The player's wallets the game accepts as they are (no conversion needed). */
    playable_wallet_currency_guids: z.array(z.uuid()),
  })
  .describe("Game conversion");
export type GameConversion = z.infer<typeof gameConversion>;

export const gameConversionBody = z
  .object({ game_guid: z.uuid().optional(), game_url: gameUrl.optional() })
  .refine((body) => body.game_guid !== undefined || body.game_url !== undefined, {
    message: "game_guid or game_url is required",
    path: ["game_guid"],
  });
export type GameConversionBody = z.infer<typeof gameConversionBody>;
