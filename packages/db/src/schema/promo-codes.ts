import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, tstz, updatedAt } from "./columns.ts";
import { bonusCampaigns } from "./bonuses.ts";
import { users } from "./identity.ts";

/**
 * Promo codes (issue #18, ADR 034). A code belongs to one campaign with trigger promo_code; redeeming
 * it grants that campaign through the bonus engine (grantBonus, source key `promo:{code}:{player}`).
 */

export const promoCodeStatuses = ["active", "disabled"] as const;
export type PromoCodeStatus = (typeof promoCodeStatuses)[number];

/**
 * pending: redeemed, the campaign is a deposit match waiting for the player's next qualifying deposit;
 * activated: the bonus was granted (at redemption, at sign-up, or with that deposit).
 */
export const customerPromoCodeStatuses = ["pending", "activated"] as const;
export type CustomerPromoCodeStatus = (typeof customerPromoCodeStatuses)[number];

/** Who redeemed it: the player (bonus hub, deposit dialog) or the sign-up form. */
export const promoCodeActivators = ["customer", "signup"] as const;
export type PromoCodeActivator = (typeof promoCodeActivators)[number];

export const promoCodes = pgTable(
  "promo_codes",
  {
    guid: guid(),
    bonus_guid: uuid("bonus_guid")
      .notNull()
      .references(() => bonusCampaigns.bonus_guid),
    // Stored upper-case; players' input is upper-cased, so codes compare case-insensitively.
    code: varchar("code", { length: 32 }).notNull(),
    name: varchar("name", { length: 120 }).notNull(),
    conditions: text("conditions").notNull().default(""),
    // A personal code: only the player with this email (lower-case) may redeem it.
    email: varchar("email", { length: 254 }),
    start_date: tstz("start_date"),
    end_date: tstz("end_date"),
    // Single use = one redemption in total; multiple use = up to multiple_use_count in total (0 = unlimited).
    multiple_use: boolean("multiple_use").notNull().default(false),
    multiple_use_count: integer("multiple_use_count").notNull().default(0),
    // Redemptions so far, raised by one guarded UPDATE that never passes the limit.
    used_count: integer("used_count").notNull().default(0),
    // Empty = everyone; otherwise the player must be in one of the segments / countries (iso2).
    segment_guids: uuid("segment_guids").array().notNull().default(sql`'{}'::uuid[]`),
    country_codes: varchar("country_codes", { length: 2 }).array().notNull().default(sql`'{}'::varchar[]`),
    // The generated batch the code came from (null for a chosen code).
    batch_guid: uuid("batch_guid"),
    status: varchar("status", { length: 16, enum: promoCodeStatuses }).notNull().default("active"),
    // Staff member (staff_users.guid) who created it.
    created_by: uuid("created_by"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_code_uq").on(t.code),
    index("promo_codes_bonus_idx").on(t.bonus_guid, t.created_at),
    index("promo_codes_batch_idx").on(t.batch_guid),
    check("promo_codes_code_format", sql`${t.code} ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'`),
    check("promo_codes_use_count", sql`${t.multiple_use_count} >= 0 AND ${t.used_count} >= 0`),
    check(
      "promo_codes_used_within_limit",
      sql`CASE WHEN ${t.multiple_use} THEN ${t.multiple_use_count} = 0 OR ${t.used_count} <= ${t.multiple_use_count} ELSE ${t.used_count} <= 1 END`,
    ),
    check("promo_codes_dates", sql`${t.start_date} IS NULL OR ${t.end_date} IS NULL OR ${t.start_date} < ${t.end_date}`),
  ],
);

/** One player's redemption of one code (the seed's Customer promo code); once per player and code. */
export const customerPromoCodes = pgTable(
  "customer_promo_codes",
  {
    guid: guid(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    promo_code_guid: uuid("promo_code_guid")
      .notNull()
      .references(() => promoCodes.guid),
    bonus_guid: uuid("bonus_guid").notNull(),
    // The campaign version the code was redeemed under (codes have no versions of their own).
    promo_code_version_guid: uuid("promo_code_version_guid").notNull(),
    multiple_use: boolean("multiple_use").notNull(),
    multiple_use_count: integer("multiple_use_count").notNull(),
    status: varchar("status", { length: 16, enum: customerPromoCodeStatuses }).notNull(),
    // The customer bonus granted (null while pending).
    customer_bonus_guid: uuid("customer_bonus_guid"),
    // The deposit that applied a pending deposit-match code.
    payment_guid: uuid("payment_guid"),
    activated_by: varchar("activated_by", { length: 16, enum: promoCodeActivators }).notNull(),
    activated_by_guid: uuid("activated_by_guid").notNull(),
    activated_at: tstz("activated_at"),
    last_activated_at: tstz("last_activated_at").notNull().defaultNow(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("customer_promo_codes_customer_code_uq").on(t.customer_guid, t.promo_code_guid),
    index("customer_promo_codes_customer_idx").on(t.customer_guid, t.created_at),
    index("customer_promo_codes_code_idx").on(t.promo_code_guid, t.created_at),
    // The deposit hook looks only at a player's pending codes.
    index("customer_promo_codes_pending_idx").on(t.customer_guid).where(sql`${t.status} = 'pending'`),
  ],
);
