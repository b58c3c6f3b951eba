import { campaignInput, type CampaignVersion } from "@croupier/contract/backoffice/bonuses";
import { describe, expect, it } from "vitest";
import {
  bodyFromForm,
  durationFromSeconds,
  EMPTY_CAMPAIGN,
  formFromVersion,
  validateCampaignForm,
  type CampaignFormValues,
} from "./campaign-form";
import { previewOf } from "./campaign-preview";
import { labelTextColor } from "./label-chip";
import { diffVersions } from "./version-diff";

const NOW = Date.parse("2026-11-25T12:00:00.000Z");
const welcome: CampaignFormValues = { ...EMPTY_CAMPAIGN, bonus_name: "Welcome bonus", terms: "Full terms." };

describe("campaign form checks (mirroring the server)", () => {
  it("accepts the default welcome offer and its body passes the contract's schema", () => {
    expect(validateCampaignForm(welcome, { now: NOW })).toEqual({});
    const body = bodyFromForm(welcome);
    expect(campaignInput.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      bonus_trigger: "deposit",
      deposit_number: 1,
      bonus_percent: "100",
      bonus_wager: "10",
      wagering_expiration_time: 7 * 86_400,
      activation_expiration_time: 7 * 86_400,
      icon: null,
      start_date: null,
    });
    // An empty threshold is left out: the currency's own applies.
    expect(body.currencies[0]).not.toHaveProperty("bonus_threshold");
  });

  it("marks each wrong field under the server's names", () => {
    const errors = validateCampaignForm(
      {
        ...welcome,
        bonus_name: " ",
        bonus_percent: "0",
        bonus_wager: "250",
        wagering_expiration: { amount: "30", unit: "minutes" },
        winnings_distribution_percent: "101",
        segment_guids: "not-a-guid",
        currencies: [
          { ...welcome.currencies[0]!, max_bonus_sum: "0", max_cashout: "-5" },
          { ...welcome.currencies[1]!, currency: "usd" },
        ],
      },
      { now: NOW },
    );
    expect(Object.keys(errors).sort()).toEqual(
      [
        "bonus_name",
        "bonus_percent",
        "bonus_wager",
        "wagering_expiration_time",
        "winnings_distribution_percent",
        "segment_guids",
        "currencies.0.max_bonus_sum",
        "currencies.0.max_cashout",
        "currencies.1.currency",
      ].sort(),
    );
    expect(errors["currencies.1.currency"]).toBe("This currency is already listed.");
  });

  it("refuses a deposit match on registration, and a delay not shorter than the activation window", () => {
    const errors = validateCampaignForm(
      {
        ...welcome,
        bonus_trigger: "registration",
        auto_activation: true,
        auto_activation_delay: { amount: "7", unit: "days" },
      },
      { now: NOW },
    );
    expect(errors.bonus_trigger).toMatch(/deposit match needs a deposit/);
    expect(errors.auto_activation_time).toMatch(/shorter than the time to activate/);
  });

  it("asks free spins for spins and a bet per currency, and sends no percentage or spins for other types", () => {
    const spins: CampaignFormValues = { ...welcome, bonus_type: "free_spins", bonus_trigger: "manual" };
    const errors = validateCampaignForm(spins, { now: NOW });
    expect(errors["currencies.0.free_spins_count"]).toBe("At least one spin.");
    expect(errors["currencies.0.free_spin_bet"]).toBe("The stake of one spin must be above 0.");

    const fixed = bodyFromForm({
      ...welcome,
      bonus_type: "fixed_amount",
      bonus_trigger: "manual",
      game_guids: ["3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10"],
      currencies: [{ ...welcome.currencies[0]!, free_spins_count: "20", free_spin_bet: "0.2" }],
    });
    expect(fixed.bonus_percent).toBe("0");
    expect(fixed.deposit_number).toBeNull();
    expect(fixed.game_guids).toEqual([]);
    expect(fixed.currencies[0]).toMatchObject({ free_spins_count: 0, free_spin_bet: "0" });
  });

  it("adds the UK profile's rules when the jurisdiction is gb", () => {
    const errors = validateCampaignForm(
      { ...welcome, bonus_wager: "35", product: "any", terms: "" },
      { jurisdiction: "gb", now: NOW },
    );
    expect(errors.bonus_wager).toMatch(/at most 10×/);
    expect(errors.product).toMatch(/single product/);
    expect(errors.terms).toMatch(/full terms/);
    expect(validateCampaignForm({ ...welcome, bonus_wager: "35", product: "any", terms: "" }, { now: NOW })).toEqual(
      {},
    );
  });

  it("refuses an end in the past or before the start", () => {
    expect(validateCampaignForm({ ...welcome, end_date: "2026-11-20T10:00" }, { now: NOW }).end_date).toMatch(/future/);
    expect(
      validateCampaignForm({ ...welcome, start_date: "2026-12-02T10:00", end_date: "2026-12-01T10:00" }, { now: NOW })
        .end_date,
    ).toMatch(/after the start/);
  });
});

describe("the player preview", () => {
  it("shows the seed's display form in the player app's words: ordinal deposit, percentage, wager, whole days, 0 distribution as 100", () => {
    const preview = previewOf({ ...welcome, label_guids: ["l1"] }, [
      { guid: "l1", name: "New", background_color: "#f00" },
    ]);
    expect(preview).toMatchObject({
      name: "Welcome bonus",
      headline: "100% up to 100 USD",
      requirement: "1st deposit",
      percent: "100%",
      wager: "Wager ×10",
      days: "7 days",
      freeSpins: null,
      currencies: ["USD", "EUR"],
      currency: "USD",
    });
    expect(preview.labels.map((l) => l.name)).toEqual(["New"]);
    expect(Object.fromEntries(preview.rows.map((r) => [r.label, r.value]))).toEqual({
      "Required deposit": "1st deposit",
      Bonus: "100%",
      Wagering: "Wager ×10",
      Winnings: "100%",
      Activation: "Activate it yourself in My bonuses",
      "Wagering time": "7 days",
      "Minimum deposit": "10 USD",
      "Maximum bonus": "100 USD",
      "Max cashout": "No limit",
      "Deposit currencies": "USD, EUR",
    });
  });

  it("takes the free spins from the USD entry, whatever currency's amounts are shown, and days as whole days", () => {
    const preview = previewOf(
      {
        ...welcome,
        bonus_type: "free_spins",
        deposit_number: "2",
        wagering_expiration: { amount: "60", unit: "hours" },
        winnings_distribution_percent: "40",
        auto_activation: true,
        currencies: [
          { ...welcome.currencies[1]!, free_spins_count: "10", max_cashout: "50" },
          { ...welcome.currencies[0]!, free_spins_count: "25" },
        ],
      },
      [],
      "EUR",
    );
    expect(preview).toMatchObject({
      headline: "25 free spins",
      requirement: "2nd deposit",
      percent: null,
      days: "2 days",
      freeSpins: "25 free spins",
      currency: "EUR",
    });
    const rows = Object.fromEntries(preview.rows.map((r) => [r.label, r.value]));
    expect(rows).toMatchObject({
      Winnings: "40%",
      "Max cashout": "50 EUR",
      "Free spins": "25",
      Activation: "Activates automatically",
    });
    expect(previewOf({ ...welcome, wagering_expiration: { amount: "5", unit: "hours" } }, []).days).toBe(
      "Less than 1 day",
    );
  });
});

const version = (over: Partial<CampaignVersion>): CampaignVersion => ({
  guid: "11111111-1111-4111-8111-111111111111",
  bonus_guid: "22222222-2222-4222-8222-222222222222",
  version: 1,
  bonus_name: "Welcome",
  bonus_trigger: "deposit",
  bonus_type: "deposit_match",
  deposit_number: 1,
  bonus_percent: "100.00",
  bonus_wager: "35.00",
  wagering_expiration_time: 604_800,
  activation_expiration_time: 90_000,
  winnings_distribution_percent: "0.00",
  auto_activation: false,
  auto_activation_time: 0,
  project_tag_guid: null,
  is_cumulative: false,
  deposit_defer: false,
  product: "slots",
  game_guids: [],
  icon: null,
  background_image: null,
  description: "",
  terms: "T",
  segment_guids: [],
  label_guids: [],
  start_date: null,
  end_date: null,
  cashback_period: "weekly",
  rakeback_slots_percent: "0.00",
  rakeback_live_percent: "0.00",
  rakeback_payout: "cash",
  coin_price: "0.0000",
  currencies: [
    {
      guid: "33333333-3333-4333-8333-333333333333",
      currency_guid: "44444444-4444-4444-8444-444444444444",
      currency: "USD",
      min_deposit_sum: "10.000000000000000000",
      max_bonus_sum: "100.000000000000000000",
      max_cashout: "0.000000000000000000",
      bonus_threshold: "0.500000000000000000",
      free_spins_count: 0,
      free_spin_bet: "0.000000000000000000",
      cashback_percent: "0.00",
    },
  ],
  customer_bonuses: 0,
  created_by: null,
  created_at: "2026-11-25T09:00:00.000Z",
  ...over,
});

describe("editing a stored version", () => {
  it("loads every term back into the form with plain numbers and the largest exact unit", () => {
    const values = formFromVersion(version({}));
    expect(values).toMatchObject({
      bonus_percent: "100",
      bonus_wager: "35",
      wagering_expiration: { amount: "7", unit: "days" },
      activation_expiration: { amount: "25", unit: "hours" },
      deposit_number: "1",
    });
    expect(values.currencies[0]).toMatchObject({ min_deposit_sum: "10", max_bonus_sum: "100", bonus_threshold: "0.5" });
    expect(durationFromSeconds(5_400)).toEqual({ amount: "90", unit: "minutes" });
  });

  it("diffs two versions term by term, amounts by value", () => {
    const before = version({});
    const after = version({
      version: 2,
      bonus_wager: "10.00",
      currencies: [{ ...before.currencies[0]!, max_bonus_sum: "200", min_deposit_sum: "10" }],
    });
    expect(diffVersions(before, after)).toEqual([
      { term: "bonus_wager", before: "35", after: "10" },
      { term: "USD max_bonus_sum", before: "100", after: "200" },
    ]);
    const labelled = version({ version: 3, label_guids: ["l1", "l2"] });
    expect(diffVersions(before, labelled, new Map([["l1", "Hot"]]))).toEqual([
      { term: "label_guids", before: "—", after: "Hot, l2" },
    ]);
  });
});

describe("label chips", () => {
  it("write dark text on light label colours and white on dark ones (WCAG contrast)", () => {
    expect(labelTextColor("#f5b301")).toBe("#0f172a");
    expect(labelTextColor("#FFF")).toBe("#0f172a");
    expect(labelTextColor("#4f46e5")).toBe("#ffffff");
    expect(labelTextColor("#dc2626")).toBe("#ffffff");
    expect(labelTextColor("red")).toBe("#ffffff");
    expect(labelTextColor(null)).toBe("#ffffff");
  });
});
