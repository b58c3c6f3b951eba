import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, updatedAt } from "./columns.ts";

export const countries = pgTable(
  "countries",
  {
    guid: guid(),
    external_guid: varchar("external_guid", { length: 64 }).notNull(),
    iso2: varchar("iso2", { length: 2 }).notNull(),
    iso3: varchar("iso3", { length: 3 }).notNull(),
    country: varchar("country", { length: 120 }).notNull(),
    country_full_name: varchar("country_full_name", { length: 200 }).notNull(),
    // Comma-separated phone codes without '+', e.g. "1,1684" (spec entity shape).
    country_code: varchar("country_code", { length: 120 }).notNull(),
    continent_code: varchar("continent_code", { length: 2 }).notNull(),
    is_default: boolean("is_default").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("countries_iso2_uq").on(t.iso2), uniqueIndex("countries_iso3_uq").on(t.iso3)],
);

export const currencies = pgTable(
  "currencies",
  {
    guid: guid(),
    external_guid: varchar("external_guid", { length: 64 }).notNull(),
    code: varchar("code", { length: 16 }).notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    custom_name: varchar("custom_name", { length: 80 }),
    symbol: varchar("symbol", { length: 8 }).notNull(),
    icon: varchar("icon", { length: 300 }),
    type: varchar("type", { length: 8, enum: ["fiat", "crypto"] }).notNull(),
    decimals: integer("decimals").notNull(),
    is_default: boolean("is_default").notNull().default(false),
    // Offered at registration.
    registration: boolean("registration").notNull().default(true),
    ordering: integer("ordering").notNull().default(0),
    min_bet_slot_real: money("min_bet_slot_real").notNull(),
    max_bet_slot_real: money("max_bet_slot_real").notNull(),
    min_bet_live_real: money("min_bet_live_real").notNull(),
    max_bet_live_real: money("max_bet_live_real").notNull(),
    max_bet_slot_bonus: money("max_bet_slot_bonus").notNull(),
    max_bet_live_bonus: money("max_bet_live_bonus").notNull(),
    min_deposit: money("min_deposit").notNull(),
    max_deposit: money("max_deposit").notNull(),
    min_withdraw: money("min_withdraw").notNull(),
    max_withdraw: money("max_withdraw").notNull(),
    bonus_threshold: money("bonus_threshold").notNull(),
    // Country guids where the currency is offered; empty means everywhere.
    countries: uuid("countries").array().notNull().default(sql`'{}'::uuid[]`),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("currencies_code_uq").on(t.code),
    check("currencies_decimals_range", sql`${t.decimals} BETWEEN 0 AND 18`),
  ],
);

export const currencyNetworks = pgTable(
  "currency_networks",
  {
    guid: guid(),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    code: varchar("code", { length: 32 }).notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    requires_destination_tag: boolean("requires_destination_tag").notNull().default(false),
    confirmations: integer("confirmations").notNull().default(1),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("currency_networks_currency_code_uq").on(t.currency_guid, t.code)],
);

export const languages = pgTable(
  "languages",
  {
    guid: guid(),
    external_id: varchar("external_id", { length: 64 }).notNull(),
    code: varchar("code", { length: 8 }).notNull(),
    name: varchar("name", { length: 80 }).notNull(),
    is_default: boolean("is_default").notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("languages_code_uq").on(t.code)],
);

export const currencyPairs = pgTable(
  "currency_pairs",
  {
    guid: guid(),
    external_guid: varchar("external_guid", { length: 64 }).notNull(),
    base_guid: uuid("base_guid")
      .notNull()
      .references(() => currencies.guid),
    quote_guid: uuid("quote_guid")
      .notNull()
      .references(() => currencies.guid),
    base_asset: varchar("base_asset", { length: 16 }).notNull(),
    quote_asset: varchar("quote_asset", { length: 16 }).notNull(),
    status: varchar("status", { length: 16, enum: ["active", "inactive"] }).notNull().default("active"),
    type: varchar("type", { length: 16, enum: ["fiat", "crypto", "mixed"] }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("currency_pairs_base_quote_uq").on(t.base_guid, t.quote_guid)],
);

// One row: this installation is one project (operator). project_guid across
// the contract is this row's guid.
export const projectSettings = pgTable("project_settings", {
  guid: guid(),
  name: varchar("name", { length: 120 }).notNull(),
  // Allowed country iso2 codes; empty means every country.
  allowed_countries: varchar("allowed_countries", { length: 2 }).array().notNull().default(sql`'{}'::varchar(2)[]`),
  default_country_iso2: varchar("default_country_iso2", { length: 2 }).notNull(),
  // Host names (lower case, no port) this project answers for in /workspace/domain
  // and the settings calls; empty means any host, the usual single-site install.
  domains: varchar("domains", { length: 253 }).array().notNull().default(sql`'{}'::varchar(253)[]`),
  currency_convertion_policy: varchar("currency_convertion_policy", {
    length: 32,
    enum: ["disabled", "ingame_convertion", "wallet_convertion"],
  }).notNull(),
  external_services: jsonb("external_services")
    .$type<{ ga?: { id: string }; hotjar?: { id: string }; livechat?: { user_id: string } }>()
    .notNull()
    .default({}),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const tags = pgTable(
  "tags",
  {
    guid: guid(),
    name: varchar("name", { length: 80 }).notNull(),
    // 'system' tags (Live, Slots) split the lobby into sections; 'category'
    // tags group games inside a section.
    type: varchar("type", { length: 16, enum: ["system", "category"] }).notNull(),
    ordering: integer("ordering").notNull().default(0),
    tag_icon_url: varchar("tag_icon_url", { length: 300 }),
    category_hex: varchar("category_hex", { length: 7 }),
    device_types: varchar("device_types", { length: 8 }).array().notNull().default(sql`'{mobile,desktop}'::varchar(8)[]`),
    system_tags: uuid("system_tags").array().notNull().default(sql`'{}'::uuid[]`),
    show_as_category: boolean("show_as_category").notNull().default(false),
    show_as_label: boolean("show_as_label").notNull().default(false),
    show_in_bottom: boolean("show_in_bottom").notNull().default(false),
    show_in_top: boolean("show_in_top").notNull().default(false),
    show_in_collections: boolean("show_in_collections").notNull().default(false),
    show_in_slots_section: boolean("show_in_slots_section").notNull().default(false),
    show_in_live_section: boolean("show_in_live_section").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("tags_name_uq").on(t.name)],
);
