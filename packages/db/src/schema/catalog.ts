import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, guid, updatedAt } from "./columns.ts";
import { tags } from "./dictionary.ts";
import { users } from "./identity.ts";

// The game catalogue. Rows are data loaded by the catalogue import (idempotent
// upserts keyed by external_guid), never code: an operator can load an
// aggregator's catalogue and staff can edit it afterwards.

// Studios shown in the lobby. A studio is what the player sees; which
// integration actually runs a game is games.game_provider.
export const providers = pgTable(
  "providers",
  {
    guid: guid(),
    external_guid: varchar("external_guid", { length: 128 }).notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    icon: varchar("icon", { length: 300 }),
    ordering: integer("ordering").notNull().default(0),
    // Hides the studio and all its games from the lobby without deleting anything.
    is_enabled: boolean("is_enabled").notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("providers_external_guid_uq").on(t.external_guid), uniqueIndex("providers_name_uq").on(t.name)],
);

export const gameStatuses = ["active", "maintenance", "disabled"] as const;

export const games = pgTable(
  "games",
  {
    guid: guid(),
    // The running provider's own id of the game ("house:slot-pharaoh-gold"); the
    // provider wallet protocol calls it game_code.
    external_guid: varchar("external_guid", { length: 128 }).notNull(),
    provider_guid: uuid("provider_guid")
      .notNull()
      .references(() => providers.guid),
    // Code of the integration that launches the game and moves money through the
    // provider wallet protocol ("house" for the built-in provider).
    game_provider: varchar("game_provider", { length: 32 }).notNull(),
    // The lobby section: the Live or Slots system tag.
    system_tag_guid: uuid("system_tag_guid")
      .notNull()
      .references(() => tags.guid),
    game_name: varchar("game_name", { length: 120 }).notNull(),
    game_icon: varchar("game_icon", { length: 300 }),
    game_background_image: varchar("game_background_image", { length: 300 }),
    game_ordering: integer("game_ordering").notNull().default(0),
    game_status: varchar("game_status", { length: 16, enum: gameStatuses }).notNull().default("active"),
    // Set while the game's provider is switched off in the back office (migration 0019): the status
    // to restore when it is switched on again; the game itself is disabled meanwhile.
    status_before_provider_off: varchar("status_before_provider_off", { length: 16, enum: ["active", "maintenance"] }),
    can_desktop: boolean("can_desktop").notNull().default(true),
    can_mobile: boolean("can_mobile").notNull().default(true),
    can_demo: boolean("can_demo").notNull().default(false),
    can_freespins: boolean("can_freespins").notNull().default(false),
    can_jackpot: boolean("can_jackpot").notNull().default(false),
    fee_group_guid: uuid("fee_group_guid"),
    // Percentage of a bonus-money bet that counts towards wagering ("100", "10.5").
    bonus_wage: numeric("bonus_wage", { precision: 7, scale: 2 }).notNull().default("100"),
    bonus_play_allowed: boolean("bonus_play_allowed").notNull().default(true),
    // Currencies the game accepts; empty means every currency of the project.
    currency_guids: uuid("currency_guids").array().notNull().default(sql`'{}'::uuid[]`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("games_external_guid_uq").on(t.external_guid),
    // The lobby's default order, also the tiebreak of every filtered list. The three lobby-order
    // indexes also INCLUDE the columns the lobby filters on (status, section, studio, devices;
    // migration 0045, ADR 043), which Drizzle cannot declare: a list is an index-only scan in order.
    index("games_status_ordering_idx").on(t.game_status, t.game_ordering, t.game_name, t.guid),
    index("games_provider_ordering_idx").on(t.provider_guid, t.game_ordering, t.game_name, t.guid),
    index("games_system_tag_ordering_idx").on(t.system_tag_guid, t.game_ordering, t.game_name, t.guid),
    index("games_currency_guids_gin").using("gin", t.currency_guids),
    index("games_created_at_idx").on(t.created_at),
    index("games_updated_at_idx").on(t.updated_at),
    check("games_bonus_wage_range", sql`${t.bonus_wage} >= 0 AND ${t.bonus_wage} <= 100`),
    check(
      "games_status_before_provider_off_check",
      sql`${t.status_before_provider_off} IS NULL OR ${t.status_before_provider_off} IN ('active', 'maintenance')`,
    ),
  ],
);

// Category tags of a game (Popular, Jackpots, Live roulette, …).
export const gameTags = pgTable(
  "game_tags",
  {
    game_guid: uuid("game_guid")
      .notNull()
      .references(() => games.guid, { onDelete: "cascade" }),
    tag_guid: uuid("tag_guid")
      .notNull()
      .references(() => tags.guid, { onDelete: "cascade" }),
  },
  // game_tags_game_idx also INCLUDEs tag_guid (migration 0045): a game's tags from the index alone.
  (t) => [primaryKey({ columns: [t.tag_guid, t.game_guid] }), index("game_tags_game_idx").on(t.game_guid)],
);

export const favorites = pgTable(
  "favorites",
  {
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid, { onDelete: "cascade" }),
    game_guid: uuid("game_guid")
      .notNull()
      .references(() => games.guid, { onDelete: "cascade" }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_guid, t.game_guid] }), index("favorites_game_idx").on(t.game_guid)],
);

// One row counting changes to the catalogue (games, providers, tags, game
// tags, currency codes, project settings): statement triggers bump it in the
// writing transaction (migration 0007), so a reader that sees the number it
// cached a total or a lobby page under knows the catalogue is unchanged, in
// every process and whatever wrote it (import, staff SQL, tests).
export const catalogVersion = pgTable(
  "catalog_version",
  {
    id: boolean("id").primaryKey().default(true),
    version: bigint("version", { mode: "number" }).notNull().default(1),
  },
  (t) => [check("catalog_version_single_row", sql`${t.id}`)],
);
