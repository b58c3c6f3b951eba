import { describe, expect, it } from "vitest";
import { cashbackText, coinsText, headline, rakebackRatesText, termRows } from "./bonus-terms";
import { cashbackOffer, coinOffer, rakebackOffer } from "./test-fixtures";

// The display form of the issue #18 offer types (ADR 038): cashback, rakeback and coin bonuses.

const rows = (entries: { key: string; label: string; value: string }[]) =>
  Object.fromEntries(entries.map((row) => [row.label, row.value]));

describe("cashback, rakeback and coin offers in the seed's display style", () => {
  it("writes a cashback as its percentage and period, with its cap and wagering", () => {
    expect(headline(cashbackOffer())).toBe("10% cashback, weekly");
    expect(cashbackText(cashbackOffer({ cashback_period: "daily" }))).toBe("10% cashback, daily");
    expect(rows(termRows(cashbackOffer(), "EUR"))).toEqual({
      Cashback: "10% cashback, weekly",
      Wagering: "Wager ×1",
      Winnings: "100%",
      Activation: "Activates automatically",
      "Wagering time": "7 days",
      "Maximum cashback": "500 EUR",
      "Max cashout": "No limit",
      Currencies: "USD, EUR",
    });
  });

  it("writes a rakeback as its rates; paid as cash it has no bonus terms", () => {
    expect(headline(rakebackOffer())).toBe("Rakeback: 1% slots, 0.5% live");
    expect(rakebackRatesText({ rakeback_slots_percent: "2.50", rakeback_live_percent: "0" })).toBe("2.5% slots");
    expect(rows(termRows(rakebackOffer()))).toEqual({
      Rakeback: "1% slots, 0.5% live",
      "Paid as": "Cash, no wagering",
      Currencies: "USD, EUR",
    });
    const asBonus = rows(termRows(rakebackOffer({ rakeback_payout: "bonus", bonus_wager: "5" })));
    expect(asBonus).toMatchObject({ "Paid as": "Bonus", Wagering: "Wager ×5", "Wagering time": "7 days" });
  });

  it("writes a coin bonus as its amount for its price in coins", () => {
    expect(headline(coinOffer())).toBe("10 USD for 100 coins");
    expect(headline(coinOffer(), "EUR")).toBe("10 EUR for 100 coins");
    expect(coinsText("1.0000")).toBe("1 coin");
    expect(rows(termRows(coinOffer()))).toMatchObject({ Price: "100 coins", Bonus: "10 USD", Wagering: "Wager ×10" });
    // Nothing of these needs a deposit.
    for (const offer of [cashbackOffer(), rakebackOffer(), coinOffer()])
      expect(termRows(offer).map((row) => row.key)).not.toContain("deposit");
  });
});
