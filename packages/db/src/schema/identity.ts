import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt, guid, tstz, updatedAt } from "./columns.ts";
import { countries, currencies } from "./dictionary.ts";

// Players (and staff: is_admin). Emails are stored lower-cased; the unique
// index is on lower(email) so a hand-written insert cannot sneak a duplicate in.
export const users = pgTable(
  "users",
  {
    guid: guid(),
    email: varchar("email", { length: 254 }).notNull(),
    // argon2id PHC string; null for accounts created by an identity provider or magic link only.
    password_hash: varchar("password_hash", { length: 255 }),
    first_name: varchar("first_name", { length: 100 }),
    last_name: varchar("last_name", { length: 100 }),
    phone_code: varchar("phone_code", { length: 8 }),
    phone_number: varchar("phone_number", { length: 20 }),
    gender: varchar("gender", { length: 16 }),
    country_guid: uuid("country_guid").references(() => countries.guid),
    currency_guid: uuid("currency_guid").references(() => currencies.guid),
    post_code: varchar("post_code", { length: 20 }),
    city: varchar("city", { length: 100 }),
    address: varchar("address", { length: 200 }),
    birthday: tstz("birthday"),
    tin: varchar("tin", { length: 40 }),
    email_approved_at: tstz("email_approved_at"),
    opt_in_promo: boolean("opt_in_promo").notNull().default(false),
    status: varchar("status", { length: 16, enum: ["active", "locked"] }).notNull().default("active"),
    // Shown to a locked player when login or refresh is refused.
    status_reason: varchar("status_reason", { length: 300 }),
    is_verified: boolean("is_verified").notNull().default(false),
    is_phone_verified: boolean("is_phone_verified").notNull().default(false),
    is_admin: boolean("is_admin").notNull().default(false),
    passwordless: boolean("passwordless").notNull().default(false),
    login_type: varchar("login_type", { length: 16, enum: ["password", "magic_link", "provider"] })
      .notNull()
      .default("password"),
    pwa_installed: boolean("pwa_installed").notNull().default(false),
    pwa_opened: boolean("pwa_opened").notNull().default(false),
    default_currency_guid: uuid("default_currency_guid").references(() => currencies.guid),
    default_currency_pair_guid: uuid("default_currency_pair_guid"),
    billing_segments: varchar("billing_segments", { length: 64 }).array().notNull().default(sql`'{}'::varchar(64)[]`),
    b_tag: varchar("b_tag", { length: 200 }),
    promo_code: varchar("promo_code", { length: 64 }),
    // Stamped by the trigger users_credential_changes (migration 0017): withdrawal review's risk signals.
    password_changed_at: tstz("password_changed_at"),
    email_changed_at: tstz("email_changed_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    // The back office's player search (migration 0016): name prefixes, and the newest players first.
    index("users_first_name_lower_idx").on(sql`lower(${t.first_name}) varchar_pattern_ops`),
    index("users_last_name_lower_idx").on(sql`lower(${t.last_name}) varchar_pattern_ops`),
    index("users_created_idx").on(t.created_at, t.guid),
  ],
);

// One row per session (the contract's "session log"): guid is the JWT `sid`.
// Anonymous sessions have no user; a login ends the anonymous row and starts a new one (ADR 012).
export const sessions = pgTable(
  "sessions",
  {
    guid: guid(),
    user_guid: uuid("user_guid").references(() => users.guid),
    // The only refresh token that may still be used; rotating replaces it in one guarded UPDATE.
    refresh_jti: uuid("refresh_jti"),
    // Absolute refresh lifetime, counted from session creation (a login creates a new session).
    refresh_expires_at: tstz("refresh_expires_at").notNull(),
    ip: varchar("ip", { length: 45 }),
    user_agent: varchar("user_agent", { length: 512 }),
    device: varchar("device", { length: 16 }),
    platform: varchar("platform", { length: 64 }),
    os_name: varchar("os_name", { length: 64 }),
    os_version: varchar("os_version", { length: 32 }),
    browser_name: varchar("browser_name", { length: 64 }),
    browser_version: varchar("browser_version", { length: 32 }),
    language: varchar("language", { length: 35 }),
    time_zone: varchar("time_zone", { length: 64 }),
    window_size: varchar("window_size", { length: 20 }),
    country: varchar("country", { length: 2 }),
    created_at: createdAt(),
    logged_in_at: tstz("logged_in_at"),
    finished_at: tstz("finished_at"),
    finish_reason: varchar("finish_reason", { length: 32 }),
  },
  (t) => [
    index("sessions_user_idx").on(t.user_guid, t.created_at),
    index("sessions_ip_idx").on(t.ip),
  ],
);

// Single-use secrets sent by mail: magic links, password resets, email approvals.
// Only the SHA-256 of the secret is stored.
export const authTokens = pgTable(
  "auth_tokens",
  {
    guid: guid(),
    purpose: varchar("purpose", { length: 16, enum: ["magic_link", "password_reset", "email_verify"] }).notNull(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    token_hash: varchar("token_hash", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    expires_at: tstz("expires_at").notNull(),
    used_at: tstz("used_at"),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex("auth_tokens_hash_uq").on(t.token_hash),
    index("auth_tokens_user_idx").on(t.user_guid, t.purpose),
  ],
);

// Failed-login counters shared by every server process. key is "acct:<email>|ip:<ip>" or "ip:<ip>".
export const loginAttempts = pgTable("login_attempts", {
  key: varchar("key", { length: 400 }).primaryKey(),
  failures: integer("failures").notNull().default(0),
  window_started_at: tstz("window_started_at").notNull().defaultNow(),
  locked_until: tstz("locked_until"),
});

// Pending OpenID Connect authorizations: state → PKCE verifier and nonce.
export const oidcStates = pgTable("oidc_states", {
  state_hash: varchar("state_hash", { length: 64 }).primaryKey(),
  provider: varchar("provider", { length: 64 }).notNull(),
  code_verifier: varchar("code_verifier", { length: 128 }).notNull(),
  nonce: varchar("nonce", { length: 64 }).notNull(),
  redirect_uri: varchar("redirect_uri", { length: 500 }).notNull(),
  currency_guid: uuid("currency_guid"),
  b_tag: varchar("b_tag", { length: 200 }),
  expires_at: tstz("expires_at").notNull(),
  used_at: tstz("used_at"),
  created_at: createdAt(),
});

// A player's accounts at identity providers.
export const userIdentities = pgTable(
  "user_identities",
  {
    guid: guid(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    provider: varchar("provider", { length: 64 }).notNull(),
    subject: varchar("subject", { length: 255 }).notNull(),
    email: varchar("email", { length: 254 }),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("user_identities_provider_subject_uq").on(t.provider, t.subject)],
);

// Phone verification codes (SMS). The code itself is never stored.
export const smsCodes = pgTable(
  "sms_codes",
  {
    guid: guid(),
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    phone: varchar("phone", { length: 32 }).notNull(),
    code_hash: varchar("code_hash", { length: 64 }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    expires_at: tstz("expires_at").notNull(),
    used_at: tstz("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("sms_codes_user_idx").on(t.user_guid, t.created_at)],
);

// Mail and SMS captured instead of sent, outside production (GET /dev/outbox).
export const devOutbox = pgTable("dev_outbox", {
  guid: guid(),
  channel: varchar("channel", { length: 8, enum: ["email", "sms"] }).notNull(),
  recipient: varchar("recipient", { length: 254 }).notNull(),
  subject: varchar("subject", { length: 200 }),
  text: varchar("text", { length: 20_000 }).notNull(),
  html: varchar("html", { length: 50_000 }),
  created_at: createdAt(),
});

// Which sign-up fields the form shows and requires (/signup/fields).
export const signupFieldSettings = pgTable(
  "signup_field_settings",
  {
    guid: guid(),
    field_name: varchar("field_name", { length: 64 }).notNull(),
    is_displayed: boolean("is_displayed").notNull().default(true),
    is_required: boolean("is_required").notNull().default(false),
    can_be_fixed: boolean("can_be_fixed").notNull().default(true),
    ordering: integer("ordering").notNull().default(0),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("signup_field_settings_name_uq").on(t.field_name)],
);

// Player segments (marketing, payments); is_default ones apply to players with none of their own.
export const segments = pgTable(
  "segments",
  {
    guid: guid(),
    name: varchar("name", { length: 100 }).notNull(),
    group_name: varchar("group_name", { length: 100 }).notNull(),
    fetch_interval: integer("fetch_interval").notNull().default(0),
    data: jsonb("data").notNull().default({}),
    is_default: boolean("is_default").notNull().default(false),
    // Rule segments (issue #18, ADR 033): conditions AND-ed, validated by the contract's segmentRule; [] = manual only.
    rules: jsonb("rules").notNull().default([]),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex("segments_name_uq").on(t.name)],
);

export const userSegments = pgTable(
  "user_segments",
  {
    user_guid: uuid("user_guid")
      .notNull()
      .references(() => users.guid),
    segment_guid: uuid("segment_guid")
      .notNull()
      .references(() => segments.guid),
    // 'rule': added by evaluatePlayerSegments (and removed by it); 'manual': staff, never removed by a rule.
    source: varchar("source", { length: 8, enum: ["rule", "manual"] }).notNull().default("manual"),
    created_at: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.user_guid, t.segment_guid] }),
    index("user_segments_segment_idx").on(t.segment_guid, t.created_at, t.user_guid),
    check("user_segments_source", sql`${t.source} IN ('rule', 'manual')`),
  ],
);
