import { z } from "zod";
import { edgeGame, gameStatus, percentText } from "./game.ts";
import { deviceType, tag } from "./tag.ts";

/** One row of an edge-sync page (home, live, slots): a tag and the first games carrying it. */
export const pageEntry = z
  .object({
    tag,
    games: z.array(edgeGame),
  })
  .describe("PageEntry");
export type PageEntry = z.infer<typeof pageEntry>;

/** Games shown per tag row of an edge-sync page; the row's "see all" link pages through GET /catalog/games. */
export const PAGE_GAMES_PER_TAG = 24;

export const favoriteRequest = z.object({
  /** The game's external_guid (spec: favourites are keyed by the external guid). */
  game_guid: z.string().trim().min(1).max(128),
});
export type FavoriteRequest = z.infer<typeof favoriteRequest>;

export const favoriteResult = z
  .object({ game_guid: z.string().max(128), is_favorite: z.boolean() })
  .describe("FavoriteResult");
export type FavoriteResult = z.infer<typeof favoriteResult>;

export const FAVORITE_GAME_NOT_FOUND = "Game guid is not found";

// ---------------------------------------------------------------------------
// Route names (player spec §3 and §2): lower case of the name with spaces and
// slashes turned into hyphens; the tag named Pokies is the one exception.
// ---------------------------------------------------------------------------

export function providerRouteName(name: string): string {
  return name.toLowerCase().replace(/[\s/]/g, "-");
}

export function tagRouteName(name: string): string {
  if (name === "Pokies") return "Pokies tag";
  return name.toLowerCase().replace(/[\s/]/g, "-");
}

// ---------------------------------------------------------------------------
// Image proxy: /_ipx/{modifiers}/{src}. The server takes pixel sizes only; vw
// sizes belong to the <img sizes> attribute, which the browser resolves.
// ---------------------------------------------------------------------------

export const IMAGE_MAX_EDGE = 2048;

/** Parses an image size as the lobby writes it: "320", "320px" or "50vw". Anything else is rejected. */
export function parseImageSize(value: string): { value: number; unit: "px" | "vw" } | null {
  const match = /^(\d{1,4})(px|vw)?$/.exec(value.trim());
  if (!match) return null;
  const n = Number(match[1]);
  const unit = (match[2] ?? "px") as "px" | "vw";
  if (n < 1 || (unit === "vw" && n > 100) || (unit === "px" && n > IMAGE_MAX_EDGE)) return null;
  return { value: n, unit };
}

/** The proxy URL of a public image at a pixel size and density (1 or 2). */
export function ipxUrl(
  src: string,
  options: { width?: number; height?: number; quality?: number; density?: 1 | 2 } = {},
): string {
  const density = options.density ?? 1;
  const modifiers: string[] = ["f_webp"];
  const w = options.width ? Math.round(options.width * density) : undefined;
  const h = options.height ? Math.round(options.height * density) : undefined;
  if (w && h) modifiers.push(`s_${w}x${h}`);
  else if (w) modifiers.push(`w_${w}`);
  else if (h) modifiers.push(`h_${h}`);
  if (options.quality) modifiers.push(`q_${options.quality}`);
  return `/_ipx/${modifiers.join(",")}/${src.replace(/^\/+/, "")}`;
}

/** A srcset with densities 1 and 2 for a fixed-size tile. */
export function ipxSrcset(src: string, width: number, height?: number, quality?: number): string {
  return ([1, 2] as const).map((d) => `${ipxUrl(src, { width, height, quality, density: d })} ${d}x`).join(", ");
}

// ---------------------------------------------------------------------------
// Catalogue import file (docs/catalog-import-format.md). Everything is keyed by
// stable external ids so re-importing the same file changes nothing.
// ---------------------------------------------------------------------------

const assetPath = z
  .string()
  .max(300)
  .regex(/^\/[A-Za-z0-9._\-/]+$/, "must be a path under the web app's public folder, such as /catalog/games/x.svg")
  .refine((v) => !v.includes(".."), "must not contain ..");

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, "must be a colour such as #ff8800");

export const importProvider = z.object({
  external_guid: z.string().min(1).max(128),
  name: z.string().min(1).max(80),
  icon: assetPath.nullable().optional(),
  ordering: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  is_enabled: z.boolean().default(true),
});

export const importTag = z.object({
  name: z.string().min(1).max(80),
  icon: assetPath.nullable().optional(),
  category_hex: hexColour.nullable().optional(),
  ordering: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  show_as_category: z.boolean().default(false),
  show_as_label: z.boolean().default(false),
  show_in_bottom: z.boolean().default(false),
  show_in_top: z.boolean().default(false),
  show_in_collections: z.boolean().default(false),
  show_in_slots_section: z.boolean().default(false),
  show_in_live_section: z.boolean().default(false),
  /** Omitted: derived from the devices of the tag's games. */
  device_types: z.array(deviceType).max(2).optional(),
  /** Names of system tags ("Live", "Slots"); omitted: derived from the sections of the tag's games. */
  system_tags: z.array(z.string().min(1).max(80)).max(10).optional(),
});

export const importGame = z.object({
  external_guid: z.string().min(1).max(128),
  /** external_guid of a provider (studio) in this file or already in the database. */
  provider: z.string().min(1).max(128),
  /** Code of the integration that runs the game, e.g. "house". */
  game_provider: z.string().min(1).max(32),
  /** Name of the system tag: the lobby section ("Live" or "Slots"). */
  section: z.string().min(1).max(80),
  game_name: z.string().min(1).max(120),
  icon: assetPath.nullable().optional(),
  background_image: assetPath.nullable().optional(),
  ordering: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  status: gameStatus.default("active"),
  can_desktop: z.boolean().default(true),
  can_mobile: z.boolean().default(true),
  can_demo: z.boolean().default(false),
  can_freespins: z.boolean().default(false),
  can_jackpot: z.boolean().default(false),
  fee_group_guid: z.uuid().nullable().optional(),
  bonus_wage: percentText.refine((v) => Number(v) <= 100, "must be at most 100").default("100"),
  bonus_play_allowed: z.boolean().default(true),
  /** Currency codes; omitted or empty: every currency of the project. */
  currencies: z.array(z.string().min(1).max(16)).max(200).default([]),
  /** Names of category tags; the game's tag set is replaced by this list. */
  tags: z.array(z.string().min(1).max(80)).max(50).default([]),
});

export const CATALOG_IMPORT_FORMAT = "croupier-catalog/1";

export const catalogImportFile = z
  .object({
    format: z.literal(CATALOG_IMPORT_FORMAT),
    providers: z.array(importProvider).max(10_000).default([]),
    tags: z.array(importTag).max(1_000).default([]),
    games: z.array(importGame).max(200_000).default([]),
  })
  .superRefine((file, ctx) => {
    const dupes = (values: string[], path: string) => {
      const seen = new Set<string>();
      values.forEach((v, i) => {
        if (seen.has(v)) ctx.addIssue({ code: "custom", path: [path, i], message: `duplicate ${v}` });
        seen.add(v);
      });
    };
    dupes(
      file.providers.map((p) => p.external_guid),
      "providers",
    );
    dupes(
      file.tags.map((t) => t.name),
      "tags",
    );
    dupes(
      file.games.map((g) => g.external_guid),
      "games",
    );
  });
export type CatalogImportFile = z.infer<typeof catalogImportFile>;
export type CatalogImportInput = z.input<typeof catalogImportFile>;
