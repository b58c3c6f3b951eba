import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, guid, money, tstz, updatedAt } from "./columns.ts";
import { currencies } from "./dictionary.ts";
import { users } from "./identity.ts";
import { wallets } from "./wallet.ts";

/**
 * The bonus engine (issue #17, ADR 031; the money side is ADR 004).
 *
 * A campaign (`bonus_guid`) is a sequence of immutable versions: editing one writes a new version
 * and points the campaign at it, while every customer bonus keeps the version it was granted
 * under (`bonus_version_guid`). Status and schedule live on the campaign, terms on the version.
 */

/** What makes a player eligible. */
export const bonusTriggers = ["registration", "deposit", "promo_code", "manual", "scheduled"] as const;
export type BonusTrigger = (typeof bonusTriggers)[number];

/**
 * What the player receives. cashback: a share of the net loss over a period (cashback job);
 * rakeback: a share of every stake, accrued and claimed (issue #18); coin: bought with loyalty coins.
 */
export const bonusTypes = ["deposit_match", "fixed_amount", "free_spins", "cashback", "rakeback", "coin"] as const;
export type BonusType = (typeof bonusTypes)[number];

/**
 * Campaign status: draft (staff only), scheduled (waits for start_date), active (offered),
 * paused (no new grants; running customer bonuses go on), ended (no new grants, final).
 */
export const bonusCampaignStatuses = ["draft", "scheduled", "active", "paused", "ended"] as const;
export type BonusCampaignStatus = (typeof bonusCampaignStatuses)[number];

/** Cashback period: a run covers one UTC day, or one ISO week (Monday 00:00 UTC to Monday). */
export const cashbackPeriods = ["daily", "weekly"] as const;
export type CashbackPeriod = (typeof cashbackPeriods)[number];

/** How claimed rakeback is paid: straight to cash, or as a bonus with the version's wagering. */
export const rakebackPayouts = ["cash", "bonus"] as const;
export type RakebackPayout = (typeof rakebackPayouts)[number];

/** UK single-product rule (LCCP SR 5.1.1): which games the bonus may be wagered on. */
export const bonusProducts = ["any", "slots", "live"] as const;
export type BonusProduct = (typeof bonusProducts)[number];

/**
 * Customer bonus status:
 * - offered: granted, waiting for the player (or auto-activation); no money moved yet;
 * - active: money (or free spins) on the wallet, wagering running; at most one per wallet;
 * - completed: wagering done, bonus money converted to cash up to max_cashout, the rest forfeited;
 * - expired: the activation window or the wagering time ran out; bonus money forfeited;
 * - cancelled: cancelled by the player or staff; bonus money and its winnings forfeited;
 * - lost: the bonus balance fell under the threshold with no cash left to play; the rest forfeited.
 */
export const customerBonusStatuses = ["offered", "active", "completed", "expired", "cancelled", "lost"] as const;
export type CustomerBonusStatus = (typeof customerBonusStatuses)[number];

export const bonusCampaigns = pgTable(
  "bonus_campaigns",
  {
    // The campaign's stable id (the seed's bonus_guid).
    bonus_guid: guid("bonus_guid"),
    current_version_guid: uuid("current_version_guid"),
    status: varchar("status", { length: 16, enum: bonusCampaignStatuses }).notNull().default("draft"),
    // Staff member (staff_users.guid) who created it.
    created_by: uuid("created_by"),
    // When a running (active or paused) campaign ended, by staff or at its end date (migration 0041):
    // its last cashback period is paid up to min(end_date, ended_at). NULL if it never ran, or ended before 0041.
    ended_at: tstz("ended_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index("bonus_campaigns_status_idx").on(t.status)],
);

export const bonusCampaignVersions = pgTable(
  "bonus_campaign_versions",
  {
    // The seed's bonus hub bonus `guid` (one per version).
    guid: guid(),
    bonus_guid: uuid("bonus_guid")
      .notNull()
      .references(() => bonusCampaigns.bonus_guid),
    version: integer("version").notNull(),
    bonus_name: varchar("bonus_name", { length: 120 }).notNull(),
    bonus_trigger: varchar("bonus_trigger", { length: 16, enum: bonusTriggers }).notNull(),
    bonus_type: varchar("bonus_type", { length: 16, enum: bonusTypes }).notNull(),
    // For trigger deposit: which successful deposit (1st, 2nd, …); null = any deposit.
    deposit_number: integer("deposit_number"),
    // Deposit match: bonus = deposit × bonus_percent / 100, capped by the currency's max_bonus_sum.
    bonus_percent: numeric("bonus_percent", { precision: 7, scale: 2 }).notNull().default("0"),
    // Wagering multiplier of the bonus amount (10 = 10× the bonus); 0 = no wagering.
    bonus_wager: numeric("bonus_wager", { precision: 7, scale: 2 }).notNull().default("0"),
    // Seconds to finish wagering once active; seconds to activate once offered.
    wagering_expiration_time: integer("wagering_expiration_time").notNull(),
    activation_expiration_time: integer("activation_expiration_time").notNull(),
    // Share (percent) of bonus-funded winnings that stays bonus money; 0 is shown as 100 (seed 000).
    winnings_distribution_percent: numeric("winnings_distribution_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    auto_activation: boolean("auto_activation").notNull().default(false),
    // Seconds after the grant before auto-activation (0 = at once).
    auto_activation_time: integer("auto_activation_time").notNull().default(0),
    project_tag_guid: uuid("project_tag_guid"),
    // May be held together with other bonuses of the same trigger (a player may collect it again).
    is_cumulative: boolean("is_cumulative").notNull().default(false),
    // The bonus money is held in the deferred pocket until the player's next qualifying deposit settles.
    deposit_defer: boolean("deposit_defer").notNull().default(false),
    product: varchar("product", { length: 8, enum: bonusProducts }).notNull().default("any"),
    // Free spins: the house or provider games they can be played in (games.guid); empty = any game with can_freespins.
    game_guids: uuid("game_guids").array().notNull().default(sql`'{}'::uuid[]`),
    icon: varchar("icon", { length: 500 }),
    background_image: varchar("background_image", { length: 500 }),
    description: text("description").notNull().default(""),
    // Full terms shown before activation (required by the gb profile).
    terms: text("terms").notNull().default(""),
    segment_guids: uuid("segment_guids").array().notNull().default(sql`'{}'::uuid[]`),
    label_guids: uuid("label_guids").array().notNull().default(sql`'{}'::uuid[]`),
    start_date: tstz("start_date"),
    end_date: tstz("end_date"),
    // Cashback (issue #18): the period a cashback run covers.
    cashback_period: varchar("cashback_period", { length: 8, enum: cashbackPeriods }).notNull().default("weekly"),
    // Rakeback (issue #18): percent of every stake accrued, by game class, and how a claim pays.
    rakeback_slots_percent: numeric("rakeback_slots_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    rakeback_live_percent: numeric("rakeback_live_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    rakeback_payout: varchar("rakeback_payout", { length: 8, enum: rakebackPayouts }).notNull().default("cash"),
    // Coin bonus (issue #18): what the bonus costs in loyalty coins.
    coin_price: numeric("coin_price", { precision: 20, scale: 4 }).notNull().default("0"),
    created_by: uuid("created_by"),
    created_at: createdAt(),
  },
  (t) => [
    check("bonus_campaign_versions_rakeback_range", sql`${t.rakeback_slots_percent} BETWEEN 0 AND 100 AND ${t.rakeback_live_percent} BETWEEN 0 AND 100`),
    check("bonus_campaign_versions_coin_price", sql`${t.coin_price} >= 0`),
    uniqueIndex("bonus_campaign_versions_bonus_version_uq").on(t.bonus_guid, t.version),
    check("bonus_campaign_versions_percent_range", sql`${t.bonus_percent} >= 0 AND ${t.bonus_percent} <= 1000`),
    check("bonus_campaign_versions_wager_range", sql`${t.bonus_wager} >= 0 AND ${t.bonus_wager} <= 200`),
    check(
      "bonus_campaign_versions_distribution_range",
      sql`${t.winnings_distribution_percent} >= 0 AND ${t.winnings_distribution_percent} <= 100`,
    ),
    check("bonus_campaign_versions_times_positive", sql`${t.wagering_expiration_time} > 0 AND ${t.activation_expiration_time} > 0`),
    check("bonus_campaign_versions_deposit_number", sql`${t.deposit_number} IS NULL OR ${t.deposit_number} >= 1`),
  ],
);

/** Per-currency terms of one version (the seed's bonus_currencies; external_guid = the currency code). */
export const bonusCampaignCurrencies = pgTable(
  "bonus_campaign_currencies",
  {
    guid: guid(),
    version_guid: uuid("version_guid")
      .notNull()
      .references(() => bonusCampaignVersions.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    min_deposit_sum: money("min_deposit_sum").notNull().default("0"),
    // Deposit match: the cap; fixed amount: the amount granted.
    max_bonus_sum: money("max_bonus_sum").notNull().default("0"),
    // Most bonus money that converts to cash at completion; 0 = no cap.
    max_cashout: money("max_cashout").notNull().default("0"),
    bonus_threshold: money("bonus_threshold").notNull().default("0"),
    free_spins_count: integer("free_spins_count").notNull().default(0),
    free_spin_bet: money("free_spin_bet").notNull().default("0"),
    cashback_percent: numeric("cashback_percent", { precision: 5, scale: 2 }).notNull().default("0"),
  },
  (t) => [
    uniqueIndex("bonus_campaign_currencies_version_currency_uq").on(t.version_guid, t.currency_guid),
    check(
      "bonus_campaign_currencies_non_negative",
      sql`${t.min_deposit_sum} >= 0 AND ${t.max_bonus_sum} >= 0 AND ${t.max_cashout} >= 0 AND ${t.bonus_threshold} >= 0
          AND ${t.free_spins_count} >= 0 AND ${t.free_spin_bet} >= 0 AND ${t.cashback_percent} >= 0 AND ${t.cashback_percent} <= 100`,
    ),
  ],
);

/** Bonus labels (seed: name, icon, background_color, styles). */
export const bonusLabels = pgTable("bonus_labels", {
  guid: guid(),
  name: varchar("name", { length: 60 }).notNull(),
  icon: varchar("icon", { length: 500 }),
  background_color: varchar("background_color", { length: 32 }),
  styles: jsonb("styles").$type<Record<string, string>>().notNull().default({}),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** One bonus of one player on one wallet (the seed's Customer bonus). */
export const customerBonuses = pgTable(
  "customer_bonuses",
  {
    guid: guid(),
    customer_guid: uuid("customer_guid")
      .notNull()
      .references(() => users.guid),
    wallet_guid: uuid("wallet_guid")
      .notNull()
      .references(() => wallets.guid),
    currency_guid: uuid("currency_guid")
      .notNull()
      .references(() => currencies.guid),
    bonus_guid: uuid("bonus_guid")
      .notNull()
      .references(() => bonusCampaigns.bonus_guid),
    bonus_version_guid: uuid("bonus_version_guid")
      .notNull()
      .references(() => bonusCampaignVersions.guid),
    bonus_trigger: varchar("bonus_trigger", { length: 16, enum: bonusTriggers }).notNull(),
    bonus_type: varchar("bonus_type", { length: 16, enum: bonusTypes }).notNull(),
    status: varchar("status", { length: 16, enum: customerBonusStatuses }).notNull().default("offered"),
    // What makes the grant unique (exactly once): "deposit:{payment}", "registration:{user}",
    // "manual:{request key}", "promo:{code}:{user}", …
    source_key: varchar("source_key", { length: 200 }).notNull(),
    // The settled deposit that triggered it, if any.
    payment_guid: uuid("payment_guid"),
    // Wagering required in total (bonus × multiplier), and the bonus money granted.
    wager_amount: money("wager_amount").notNull().default("0"),
    bonus_amount: money("bonus_amount").notNull().default("0"),
    // Seconds of wagering time (from the version) and the deadline once active.
    wagering_expiration_time: integer("wagering_expiration_time").notNull(),
    wagering_expiration_date: tstz("wagering_expiration_date"),
    activation_expiration_date: tstz("activation_expiration_date"),
    // Auto-activation due at (null = the player activates).
    auto_activate_at: tstz("auto_activate_at"),
    win_sum: money("win_sum").notNull().default("0"),
    max_cashout: money("max_cashout").notNull().default("0"),
    winnings_distribution_percent: numeric("winnings_distribution_percent", { precision: 5, scale: 2 }).notNull().default("0"),
    bonus_threshold: money("bonus_threshold").notNull().default("0"),
    free_spin_count: integer("free_spin_count").notNull().default(0),
    // The stake of one free spin (the seed's free_spin_amount).
    free_spin_amount: money("free_spin_amount").notNull().default("0"),
    // Free spins all played and their winnings turned into wagering (free-spin bonuses only).
    spins_settled: boolean("spins_settled").notNull().default(false),
    auto_enabled: boolean("auto_enabled").notNull().default(false),
    // Held in the deferred pocket until the next qualifying deposit (deposit_defer).
    deferred: boolean("deferred").notNull().default(false),
    converted_amount: money("converted_amount"),
    forfeited_amount: money("forfeited_amount"),
    comment: varchar("comment", { length: 500 }),
    // Who granted it by hand (staff_users.guid), for manual grants.
    granted_by: uuid("granted_by"),
    // The last wagering milestone (0, 25, 50, 75 %) announced as bonus_status_changed progress (0031).
    progress_milestone: smallint("progress_milestone").notNull().default(0),
    // Why it ended early (cancel by player or staff, withdrawal) and which staff member ended it (0031).
    finish_reason: varchar("finish_reason", { length: 200 }),
    finished_by: uuid("finished_by"),
    activated_at: tstz("activated_at"),
    finished_at: tstz("finished_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex("customer_bonuses_source_key_uq").on(t.source_key),
    // One active bonus per wallet (ADR 004: wallets.customer_bonus_guid).
    uniqueIndex("customer_bonuses_one_active_per_wallet_uq").on(t.wallet_guid).where(sql`${t.status} = 'active'`),
    index("customer_bonuses_customer_idx").on(t.customer_guid, t.created_at),
    // What the sweeper scans: offered and active bonuses by their deadlines.
    index("customer_bonuses_open_idx").on(t.status, t.wagering_expiration_date).where(sql`${t.status} IN ('offered', 'active')`),
    index("customer_bonuses_auto_activate_idx")
      .on(t.auto_activate_at)
      .where(sql`${t.status} = 'offered' AND ${t.auto_activate_at} IS NOT NULL`),
    // The late-money sweep looks at recently ended bonuses (ADR 031).
    index("customer_bonuses_finished_idx")
      .on(t.finished_at)
      .where(sql`${t.finished_at} IS NOT NULL`),
    check("customer_bonuses_progress_milestone_range", sql`${t.progress_milestone} IN (0, 25, 50, 75)`),
    check(
      "customer_bonuses_amounts_non_negative",
      sql`${t.wager_amount} >= 0 AND ${t.bonus_amount} >= 0 AND ${t.win_sum} >= 0 AND ${t.max_cashout} >= 0 AND ${t.free_spin_count} >= 0`,
    ),
  ],
);

/**
 * A player's deposit made with a chosen bonus (the deposit dialog's offer list), or with "no bonus".
 * Read when the deposit settles; one row per payment.
 */
export const paymentBonusChoices = pgTable("payment_bonus_choices", {
  payment_guid: uuid("payment_guid").primaryKey(),
  // null = the player chose no bonus.
  bonus_guid: uuid("bonus_guid"),
  created_at: createdAt(),
});

/**
 * Welcome-bonus abuse guard: one registration/first-deposit welcome bonus per person, recorded by every
 * identifier that links accounts (lower(email), phone, card fingerprint, device id). A second account
 * with any identifier already here is not granted the welcome bonus (ADR 031).
 */
export const bonusClaimIdentities = pgTable(
  "bonus_claim_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    // The claim class ("welcome"), so other one-per-person offers can reuse it.
    claim: varchar("claim", { length: 32 }).notNull(),
    kind: varchar("kind", { length: 16, enum: ["email", "phone", "card", "device"] }).notNull(),
    // A SHA-256 of the normalised identifier: no personal data is copied here.
    value_hash: varchar("value_hash", { length: 64 }).notNull(),
    customer_guid: uuid("customer_guid").notNull(),
    customer_bonus_guid: uuid("customer_bonus_guid"),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex("bonus_claim_identities_uq").on(t.claim, t.kind, t.value_hash)],
);
