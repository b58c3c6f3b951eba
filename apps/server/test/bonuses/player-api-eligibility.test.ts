import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { BONUS_INELIGIBLE_REASONS as REASONS, ordinal } from "@croupier/contract/entities/bonus";
import { bonusEligibility, type BonusPlayerContext } from "../../src/modules/bonuses/bonus-eligibility.ts";
import type { CampaignRow } from "../../src/modules/bonuses/campaign-query.ts";

// The eligibility rules of the hub's per-offer answer, without a database (the HTTP tests in
// player-api-hub.test.ts cover the same rules through the calls).

const now = new Date("2026-06-01T12:00:00.000Z");
const usd = randomUUID();

function campaign(overrides: Partial<CampaignRow> = {}): CampaignRow {
  return {
    guid: randomUUID(),
    bonus_guid: randomUUID(),
    project_guid: null,
    version: 1,
    bonus_name: "Offer",
    bonus_status: "active",
    start_date: null,
    end_date: null,
    bonus_trigger: "deposit",
    bonus_type: "deposit_match",
    deposit_number: null,
    bonus_percent: "100",
    bonus_wager: "10",
    wagering_expiration_time: 604_800,
    activation_expiration_time: 259_200,
    winnings_distribution_percent: "0",
    auto_activation: false,
    auto_activation_time: 0,
    project_tag_guid: null,
    is_cumulative: false,
    deposit_defer: false,
    icon: null,
    background_image: null,
    description: "",
    segment_guids: [],
    labels: [],
    bonus_currencies: [],
    product: "any",
    terms: "",
    game_guids: [],
    cashback_period: "weekly",
    rakeback_slots_percent: "0",
    rakeback_live_percent: "0",
    rakeback_payout: "cash",
    coin_price: "0",
    ...overrides,
  };
}

const player = (overrides: Partial<BonusPlayerContext> = {}): BonusPlayerContext => ({
  nextDepositNumber: 1,
  grantedBonusGuids: new Set(),
  walletCurrencyGuids: new Set(),
  ...overrides,
});

const yes = (next: number | null) => ({ eligible: true, reason: null, next_deposit_number: next });
const no = (reason: string, next: number | null) => ({ eligible: false, reason, next_deposit_number: next });

describe("bonusEligibility", () => {
  it("matches a deposit offer to the player's next deposit number", () => {
    expect(bonusEligibility(campaign({ deposit_number: 1 }), player(), now)).toEqual(yes(1));
    expect(bonusEligibility(campaign({ deposit_number: 3 }), player({ nextDepositNumber: 2 }), now)).toEqual(
      no(REASONS.depositNumber(3), 2),
    );
    expect(bonusEligibility(campaign({ deposit_number: 1 }), player({ nextDepositNumber: 4 }), now)).toEqual(
      no("This offer is for your 1st deposit.", 4),
    );
    expect(bonusEligibility(campaign({ deposit_number: null }), player({ nextDepositNumber: 7 }), now)).toEqual(yes(7));
  });

  it("refuses a second grant of a non-cumulative offer, allows a cumulative one", () => {
    const offer = campaign();
    const granted = player({ grantedBonusGuids: new Set([offer.bonus_guid]) });
    expect(bonusEligibility(offer, granted, now)).toEqual(no(REASONS.alreadyGranted, 1));
    expect(bonusEligibility({ ...offer, is_cumulative: true }, granted, now)).toEqual(yes(1));
  });

  it("answers per trigger: registration and manual never, promo code and scheduled until granted", () => {
    const registration = campaign({ bonus_trigger: "registration" });
    expect(bonusEligibility(registration, player(), now)).toEqual(no(REASONS.registrationOnly, null));
    expect(
      bonusEligibility(registration, player({ grantedBonusGuids: new Set([registration.bonus_guid]) }), now),
    ).toEqual(no(REASONS.alreadyGranted, null));
    expect(bonusEligibility(campaign({ bonus_trigger: "manual" }), player(), now)).toEqual(
      no(REASONS.manualOnly, null),
    );
    expect(bonusEligibility(campaign({ bonus_trigger: "promo_code" }), player(), now)).toEqual(yes(null));
    const scheduled = campaign({ bonus_trigger: "scheduled" });
    expect(bonusEligibility(scheduled, player(), now)).toEqual(yes(null));
    expect(bonusEligibility(scheduled, player({ grantedBonusGuids: new Set([scheduled.bonus_guid]) }), now)).toEqual(
      no(REASONS.alreadyGranted, null),
    );
  });

  it("refuses offers not running now", () => {
    expect(bonusEligibility(campaign({ bonus_status: "scheduled" }), player(), now).reason).toBe(REASONS.notStarted);
    expect(bonusEligibility(campaign({ start_date: "2026-06-02T00:00:00.000Z" }), player(), now).reason).toBe(
      REASONS.notStarted,
    );
    expect(bonusEligibility(campaign({ bonus_status: "paused" }), player(), now).reason).toBe(REASONS.notRunning);
    expect(bonusEligibility(campaign({ end_date: "2026-06-01T11:59:59.000Z" }), player(), now).reason).toBe(
      REASONS.notRunning,
    );
    expect(
      bonusEligibility(
        campaign({ start_date: "2026-05-01T00:00:00.000Z", end_date: "2026-07-01T00:00:00.000Z" }),
        player(),
        now,
      ).eligible,
    ).toBe(true);
  });

  it("needs one of the offer's currencies among the player's wallets, once they have any", () => {
    const terms = {
      guid: randomUUID(),
      external_guid: "USD",
      currency_guid: usd,
      min_deposit_sum: "10.00",
      max_bonus_sum: "100.00",
      max_cashout: "0.00",
      bonus_threshold: "0.00",
      free_spins_count: 0,
      free_spin_bet: "0.00",
      cashback_percent: "0",
    };
    const offer = campaign({ bonus_currencies: [terms] });
    expect(bonusEligibility(offer, player(), now).eligible).toBe(true);
    expect(bonusEligibility(offer, player({ walletCurrencyGuids: new Set([usd]) }), now).eligible).toBe(true);
    expect(bonusEligibility(offer, player({ walletCurrencyGuids: new Set([randomUUID()]) }), now)).toEqual(
      no(REASONS.currency, 1),
    );
  });
});

describe("ordinal", () => {
  it("writes deposit numbers as the seed shows them", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
      "1st",
      "2nd",
      "3rd",
      "4th",
      "11th",
      "12th",
      "13th",
      "21st",
      "22nd",
      "23rd",
      "101st",
      "111th",
    ]);
  });
});
