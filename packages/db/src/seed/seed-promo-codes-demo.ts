import { sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";
import { deterministicGuid } from "./deterministic-guid.ts";

// The demo promo codes (issue #18, ADR 034): two campaigns with trigger promo_code and one code each,
// redeemable by every player once. WELCOME100 (the code the sign-up form has always suggested) is a
// 100% match of the next deposit of at least 10, up to 100; FREE10 is 10 bonus money at once.
// Deterministic guids, inserted only when missing: a re-run changes nothing and never overwrites an
// operator's edits. Both fit the gb profile (slots only, at most 10× wagering, full terms).

const DAY = 86_400;
const DEMO_CURRENCIES = ["USD", "EUR"] as const;

type DemoPromoCampaign = {
  key: string;
  code: string;
  bonus_name: string;
  bonus_type: "deposit_match" | "fixed_amount";
  bonus_percent: string;
  bonus_wager: string;
  min_deposit_sum: string;
  max_bonus_sum: string;
  description: string;
  conditions: string;
  terms: string;
};

const sharedTerms =
  "Stakes use your cash first, then bonus money. Slots count 100% towards wagering unless a game says otherwise; live games do not count.\n\n" +
  "Cancelling the bonus, or withdrawing while it is active, forfeits the bonus money and its winnings. Your own cash is never touched.\n\n" +
  "One use of the code per player. One bonus is active per wallet at a time.";

const CAMPAIGNS: DemoPromoCampaign[] = [
  {
    key: "promo-welcome100",
    code: "WELCOME100",
    bonus_name: "WELCOME100 deposit match",
    bonus_type: "deposit_match",
    bonus_percent: "100",
    bonus_wager: "10",
    min_deposit_sum: "10",
    max_bonus_sum: "100",
    description: "Promo code WELCOME100: 100% match on your next deposit, up to 100.",
    conditions: "Redeem, then deposit at least 10: we match it 100% with bonus money, up to 100. Wager 10 times the bonus within 7 days.",
    terms:
      "Redeem the code WELCOME100, then make a deposit of at least 10: we match it 100% with bonus money, up to 100 (USD or EUR).\n\n" +
      "The bonus is activated automatically. Wager 10 times the bonus on slots within 7 days of activation; then the remaining bonus money becomes cash.\n\n" +
      sharedTerms,
  },
  {
    key: "promo-free10",
    code: "FREE10",
    bonus_name: "FREE10 bonus",
    bonus_type: "fixed_amount",
    bonus_percent: "0",
    bonus_wager: "5",
    min_deposit_sum: "0",
    max_bonus_sum: "10",
    description: "Promo code FREE10: 10 in bonus money, no deposit needed.",
    conditions: "10 in bonus money at once. Wager 5 times the bonus within 7 days.",
    terms:
      "Redeem the code FREE10 and receive 10 in bonus money (USD or EUR), activated at once.\n\n" +
      "Wager 5 times the bonus on slots within 7 days of activation; then the remaining bonus money becomes cash.\n\n" +
      sharedTerms,
  },
];

export const demoPromoCampaignGuid = (key: string) => deterministicGuid(`bonus-campaign:${key}`);
const versionGuid = (key: string) => deterministicGuid(`bonus-campaign-version:${key}:1`);

/** The demo promo-code campaigns and their codes; idempotent (insert-missing only). */
export async function seedPromoCodesDemo(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const c of CAMPAIGNS) {
      const bonusGuid = demoPromoCampaignGuid(c.key);
      const version = versionGuid(c.key);
      await tx.execute(
        sql`INSERT INTO bonus_campaigns (bonus_guid, current_version_guid, status)
            VALUES (${bonusGuid}::uuid, ${version}::uuid, 'active')
            ON CONFLICT (bonus_guid) DO NOTHING`,
      );
      await tx.execute(
        sql`INSERT INTO bonus_campaign_versions (
              guid, bonus_guid, version, bonus_name, bonus_trigger, bonus_type, bonus_percent, bonus_wager,
              wagering_expiration_time, activation_expiration_time, auto_activation, auto_activation_time, product,
              is_cumulative, description, terms)
            VALUES (${version}::uuid, ${bonusGuid}::uuid, 1, ${c.bonus_name}, 'promo_code', ${c.bonus_type},
                    ${c.bonus_percent}::numeric, ${c.bonus_wager}::numeric, ${7 * DAY}::int, ${7 * DAY}::int, true, 0,
                    'slots', false, ${c.description}, ${c.terms})
            ON CONFLICT (guid) DO NOTHING`,
      );
      for (const code of DEMO_CURRENCIES)
        await tx.execute(
          sql`INSERT INTO bonus_campaign_currencies (guid, version_guid, currency_guid, min_deposit_sum, max_bonus_sum,
                                                     max_cashout, bonus_threshold)
              SELECT ${deterministicGuid(`bonus-campaign-currency:${c.key}:1:${code}`)}::uuid, ${version}::uuid, cur.guid,
                     ${c.min_deposit_sum}::numeric, ${c.max_bonus_sum}::numeric, 0, cur.bonus_threshold
                FROM currencies cur WHERE cur.code = ${code}
              ON CONFLICT (guid) DO NOTHING`,
        );
      // Multiple use without a total limit: every player may redeem it once.
      await tx.execute(
        sql`INSERT INTO promo_codes (guid, bonus_guid, code, name, conditions, multiple_use, multiple_use_count)
            VALUES (${deterministicGuid(`promo-code:${c.code}`)}::uuid, ${bonusGuid}::uuid, ${c.code}, ${c.bonus_name},
                    ${c.conditions}, true, 0)
            ON CONFLICT DO NOTHING`,
      );
    }
  });
}
