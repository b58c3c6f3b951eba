import { sql } from "drizzle-orm";
import { boolean, pgTable, primaryKey, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz, updatedAt } from "./columns.ts";
import { segments, users } from "./identity.ts";

export const SITE_RULE_KINDS = ["redirect", "maintenance", "restrict"] as const;
export type SiteRuleKind = (typeof SITE_RULE_KINDS)[number];

// Per-path rules the server applies to page navigations (issue #19, ADR 028).
export const siteRules = pgTable(
  "site_rules",
  {
    guid: guid(),
    path_prefix: varchar("path_prefix", { length: 200 }).notNull(),
    kind: varchar("kind", { length: 20 }).$type<SiteRuleKind>().notNull(),
    target: varchar("target", { length: 500 }),
    ends_at: tstz("ends_at"),
    countries: varchar("countries", { length: 2 })
      .array()
      .notNull()
      .default(sql`'{}'::varchar(2)[]`),
    enabled: boolean("enabled").notNull().default(true),
    note: varchar("note", { length: 200 }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("site_rules_path_kind_uq").on(t.path_prefix, t.kind)],
);

// The tracking id (fid) a player signed up with.
export const playerAttribution = pgTable("player_attribution", {
  user_guid: uuid("user_guid")
    .primaryKey()
    .references(() => users.guid),
  fid: varchar("fid", { length: 200 }),
  created_at: createdAt(),
});

// A feature flag per segment; a matching row wins over FEATURE_FLAGS (off wins over on).
export const featureFlagSegments = pgTable(
  "feature_flag_segments",
  {
    feature: varchar("feature", { length: 40 }).notNull(),
    segment_guid: uuid("segment_guid")
      .notNull()
      .references(() => segments.guid),
    enabled: boolean("enabled").notNull(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ name: "feature_flag_segments_pk", columns: [t.feature, t.segment_guid] })],
);
