import { sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";
import { deterministicGuid } from "./deterministic-guid.ts";

// The demo bonus campaigns (issue #17): a first-deposit match, second-deposit free spins and a
// staff-granted free-spins welcome; and (issue #18, ADR 038) a weekly 10 % cashback, the rakeback
// campaign (1 % of slots stakes, 0.5 % of live stakes, paid as cash) and a coin bonus (10 USD or
// EUR for 100 coins). Each at version 1 and active, with two labels. Every row has a deterministic
// guid (bonus-campaign:{key}) and is inserted only when missing, so a re-run changes nothing and
// never overwrites what an operator edited in the console (an edit writes a new version anyway).
// All fit the gb profile: at most 10× wagering, slots only, full terms. The cashback job, the
// rakeback accrual and the coin shop find theirs by DEMO_BONUS_CAMPAIGNS' guids.

const DAY = 86_400;
const DEMO_CURRENCIES = ["USD", "EUR"] as const;
const FREE_SPIN_GAMES = ["house:slot-pharaoh-gold", "house:slot-neon-fruits"] as const;

type DemoLabel = { key: string; name: string; background_color: string };
const LABELS: DemoLabel[] = [
  { key: "welcome", name: "Welcome", background_color: "#f5b301" },
  { key: "free-spins", name: "Free spins", background_color: "#7b3fe4" },
];

type DemoCurrencyTerms = {
  min_deposit_sum: string;
  max_bonus_sum: string;
  max_cashout: string;
  free_spins_count: number;
  free_spin_bet: string;
  cashback_percent?: string;
};

/** The issue #18 fields of a version (defaults: the columns' own). */
type DemoPromotionTerms = {
  is_cumulative?: boolean;
  cashback_period?: "daily" | "weekly";
  rakeback_slots_percent?: string;
  rakeback_live_percent?: string;
  rakeback_payout?: "cash" | "bonus";
  coin_price?: string;
};

type DemoCampaign = DemoPromotionTerms & {
  key: string;
  bonus_name: string;
  bonus_trigger: "deposit" | "manual" | "scheduled";
  bonus_type: "deposit_match" | "free_spins" | "cashback" | "rakeback" | "coin";
  deposit_number: number | null;
  bonus_percent: string;
  /** Wagering multiplier; absent = 10×. */
  bonus_wager?: string;
  wagering_days: number;
  activation_days: number;
  auto_activation: boolean;
  freeSpinGames: boolean;
  labels: string[];
  description: string;
  terms: string;
  currency: DemoCurrencyTerms;
};

const spinsTerms = (spins: number, days: number, how: string) =>
  [
    `${how} you receive ${spins} free spins at 0.20 per spin on Pharaoh Gold or Neon Fruits.`,
    "Free-spin winnings are bonus money. Wager them 10 times on slots within " +
      `${days} days of activation to turn them into cash.`,
    "Slots count 100% towards wagering unless a game says otherwise; live games do not count.",
    "Cancelling the bonus, or withdrawing while it is active, forfeits the bonus money and its winnings. " +
      "Your own cash is never touched.",
    "One bonus is active per wallet at a time. We may withdraw the offer in case of abuse.",
  ].join("\n\n");

const CAMPAIGNS: DemoCampaign[] = [
  {
    key: "welcome-bonus",
    bonus_name: "Welcome bonus",
    bonus_trigger: "deposit",
    bonus_type: "deposit_match",
    deposit_number: 1,
    bonus_percent: "100",
    wagering_days: 7,
    activation_days: 7,
    auto_activation: true,
    freeSpinGames: false,
    labels: ["welcome"],
    description: "100% match on your first deposit, up to 100.",
    terms: [
      "Make your first deposit of at least 10 and we match it 100% with bonus money, up to 100 (USD or EUR).",
      "The bonus is activated automatically. Wager 10 times the bonus on slots within 7 days of activation; " +
        "then the remaining bonus money becomes cash.",
      "Stakes use your cash first, then bonus money. Slots count 100% towards wagering unless a game says otherwise; " +
        "live games do not count.",
      "Cancelling the bonus, or withdrawing while it is active, forfeits the bonus money and its winnings. " +
        "Your own cash is never touched.",
      "One welcome bonus per person. One bonus is active per wallet at a time.",
    ].join("\n\n"),
    currency: {
      min_deposit_sum: "10",
      max_bonus_sum: "100",
      max_cashout: "0",
      free_spins_count: 0,
      free_spin_bet: "0",
    },
  },
  {
    key: "second-deposit-spins",
    bonus_name: "Second deposit spins",
    bonus_trigger: "deposit",
    bonus_type: "free_spins",
    deposit_number: 2,
    bonus_percent: "0",
    wagering_days: 7,
    activation_days: 7,
    auto_activation: true,
    freeSpinGames: true,
    labels: ["free-spins"],
    description: "20 free spins on your second deposit.",
    terms: spinsTerms(20, 7, "Make your second deposit of at least 10 and"),
    currency: {
      min_deposit_sum: "10",
      max_bonus_sum: "0",
      max_cashout: "0",
      free_spins_count: 20,
      free_spin_bet: "0.2",
    },
  },
  {
    key: "welcome-spins",
    bonus_name: "Welcome spins",
    bonus_trigger: "manual",
    bonus_type: "free_spins",
    deposit_number: null,
    bonus_percent: "0",
    wagering_days: 3,
    activation_days: 7,
    auto_activation: false,
    freeSpinGames: true,
    labels: ["welcome", "free-spins"],
    description: "10 free spins from our team, no deposit needed.",
    terms: spinsTerms(10, 3, "When our team grants this bonus"),
    currency: {
      min_deposit_sum: "0",
      max_bonus_sum: "0",
      max_cashout: "0",
      free_spins_count: 10,
      free_spin_bet: "0.2",
    },
  },
  {
    key: "weekly-cashback",
    bonus_name: "Weekly cashback",
    bonus_trigger: "scheduled",
    bonus_type: "cashback",
    deposit_number: null,
    bonus_percent: "0",
    bonus_wager: "1",
    wagering_days: 7,
    activation_days: 7,
    auto_activation: true,
    freeSpinGames: false,
    labels: [],
    is_cumulative: true,
    cashback_period: "weekly",
    description: "10% of your net losses back every week, up to 500.",
    terms: [
      "Every Monday we pay 10% of your net loss of the past week (Monday 00:00 to Monday 00:00 UTC) as a bonus, " +
        "up to 500 (USD or EUR), in each wallet that lost money.",
      "Net loss is what you staked minus what you won over the week.",
      "The cashback is activated automatically. Wager it once on slots within 7 days; then the remaining bonus money " +
        "becomes cash. Live games do not count.",
      "Cancelling the bonus, or withdrawing while it is active, forfeits the bonus money and its winnings. " +
        "Your own cash is never touched.",
    ].join("\n\n"),
    currency: {
      min_deposit_sum: "0",
      max_bonus_sum: "500",
      max_cashout: "0",
      free_spins_count: 0,
      free_spin_bet: "0",
      cashback_percent: "10",
    },
  },
  {
    key: "rakeback",
    bonus_name: "Rakeback",
    bonus_trigger: "scheduled",
    bonus_type: "rakeback",
    deposit_number: null,
    bonus_percent: "0",
    bonus_wager: "0",
    wagering_days: 7,
    activation_days: 7,
    auto_activation: false,
    freeSpinGames: false,
    labels: [],
    is_cumulative: true,
    rakeback_slots_percent: "1",
    rakeback_live_percent: "0.5",
    rakeback_payout: "cash",
    description: "1% of every slots stake and 0.5% of every live stake back, claimable any time.",
    terms: [
      "Your stakes earn rakeback: 1% of slots stakes and 0.5% of live-game stakes, in the stake's currency.",
      "Claim what you have earned on the Rakeback page whenever you like; it is paid as cash, with no wagering.",
    ].join("\n\n"),
    currency: {
      min_deposit_sum: "0",
      max_bonus_sum: "0",
      max_cashout: "0",
      free_spins_count: 0,
      free_spin_bet: "0",
    },
  },
  {
    key: "coin-bonus-10",
    bonus_name: "Coin bonus 10",
    bonus_trigger: "manual",
    bonus_type: "coin",
    deposit_number: null,
    bonus_percent: "0",
    wagering_days: 7,
    activation_days: 7,
    auto_activation: true,
    freeSpinGames: false,
    labels: [],
    is_cumulative: true,
    coin_price: "100",
    description: "A 10 bonus for 100 coins.",
    terms: [
      "Exchange 100 coins for a bonus of 10 (USD or EUR, your active wallet's currency) in the coin shop.",
      "The bonus is activated automatically. Wager 10 times the bonus on slots within 7 days of activation; " +
        "then the remaining bonus money becomes cash. Live games do not count.",
      "Coins spent on a bonus are not returned if the bonus is cancelled, expires or is lost. " +
        "Your own cash is never touched.",
    ].join("\n\n"),
    currency: {
      min_deposit_sum: "0",
      max_bonus_sum: "10",
      max_cashout: "0",
      free_spins_count: 0,
      free_spin_bet: "0",
    },
  },
];

/** The demo campaigns' stable guids, for the parts that build on them (cashback job, rakeback, coin shop, tests). */
export const DEMO_BONUS_CAMPAIGNS = {
  welcomeBonus: deterministicGuid("bonus-campaign:welcome-bonus"),
  secondDepositSpins: deterministicGuid("bonus-campaign:second-deposit-spins"),
  welcomeSpins: deterministicGuid("bonus-campaign:welcome-spins"),
  weeklyCashback: deterministicGuid("bonus-campaign:weekly-cashback"),
  rakeback: deterministicGuid("bonus-campaign:rakeback"),
  coinBonus10: deterministicGuid("bonus-campaign:coin-bonus-10"),
} as const;

const campaignGuid = (key: string) => deterministicGuid(`bonus-campaign:${key}`);
const versionGuid = (key: string) => deterministicGuid(`bonus-campaign-version:${key}:1`);
const labelGuid = (key: string) => deterministicGuid(`bonus-label:${key}`);

/** The demo campaigns and labels; idempotent (insert-missing only). Needs the demo catalogue for the spins' games. */
export async function seedBonusesDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const label of LABELS)
      await tx.execute(
        sql`INSERT INTO bonus_labels (guid, name, background_color, styles)
            VALUES (${labelGuid(label.key)}::uuid, ${label.name}, ${label.background_color}, '{"color":"#ffffff"}'::jsonb)
            ON CONFLICT (guid) DO NOTHING`,
      );
    // The spins' games, by their stable external ids (guids differ per installation's import).
    const games = (
      (await tx.execute(
        sql`SELECT guid FROM games WHERE external_guid = ANY(${sql.param([...FREE_SPIN_GAMES])}::text[]) AND can_freespins
           ORDER BY external_guid`,
      )) as unknown as { rows: { guid: string }[] }
    ).rows.map((r) => r.guid);

    for (const c of CAMPAIGNS) {
      const bonusGuid = campaignGuid(c.key);
      const version = versionGuid(c.key);
      await tx.execute(
        sql`INSERT INTO bonus_campaigns (bonus_guid, current_version_guid, status)
            VALUES (${bonusGuid}::uuid, ${version}::uuid, 'active')
            ON CONFLICT (bonus_guid) DO NOTHING`,
      );
      await tx.execute(
        sql`INSERT INTO bonus_campaign_versions (
              guid, bonus_guid, version, bonus_name, bonus_trigger, bonus_type, deposit_number, bonus_percent, bonus_wager,
              wagering_expiration_time, activation_expiration_time, winnings_distribution_percent, auto_activation,
              auto_activation_time, product, game_guids, description, terms, label_guids, is_cumulative, cashback_period,
              rakeback_slots_percent, rakeback_live_percent, rakeback_payout, coin_price)
            VALUES (${version}::uuid, ${bonusGuid}::uuid, 1, ${c.bonus_name}, ${c.bonus_trigger}, ${c.bonus_type},
                    ${c.deposit_number}::int, ${c.bonus_percent}::numeric, ${c.bonus_wager ?? "10"}::numeric,
                    ${c.wagering_days * DAY}::int, ${c.activation_days * DAY}::int, 0, ${c.auto_activation}, 0, 'slots',
                    ${sql.param(c.freeSpinGames ? games : [])}::uuid[], ${c.description}, ${c.terms},
                    ${sql.param(c.labels.map(labelGuid))}::uuid[], ${c.is_cumulative ?? false},
                    ${c.cashback_period ?? "weekly"}, ${c.rakeback_slots_percent ?? "0"}::numeric,
                    ${c.rakeback_live_percent ?? "0"}::numeric, ${c.rakeback_payout ?? "cash"},
                    ${c.coin_price ?? "0"}::numeric)
            ON CONFLICT (guid) DO NOTHING`,
      );
      for (const code of DEMO_CURRENCIES) {
        const t = c.currency;
        // The threshold under which the bonus is lost is the currency's own.
        await tx.execute(
          sql`INSERT INTO bonus_campaign_currencies (guid, version_guid, currency_guid, min_deposit_sum, max_bonus_sum,
                                                     max_cashout, bonus_threshold, free_spins_count, free_spin_bet,
                                                     cashback_percent)
              SELECT ${deterministicGuid(`bonus-campaign-currency:${c.key}:1:${code}`)}::uuid, ${version}::uuid, cur.guid,
                     ${t.min_deposit_sum}::numeric, ${t.max_bonus_sum}::numeric, ${t.max_cashout}::numeric,
                     cur.bonus_threshold, ${t.free_spins_count}::int, ${t.free_spin_bet}::numeric,
                     ${t.cashback_percent ?? "0"}::numeric
                FROM currencies cur WHERE cur.code = ${code}
              ON CONFLICT (guid) DO NOTHING`,
        );
      }
    }
  });
}
