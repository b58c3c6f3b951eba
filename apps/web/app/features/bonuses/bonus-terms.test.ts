import { describe, expect, it } from "vitest";
import {
  autoActivationText,
  customerBonusRows,
  daysText,
  freeSpinsCount,
  headline,
  ordinal,
  pickCurrency,
  requiredDepositText,
  termRows,
  wagerText,
  wageringDays,
  winningsPercent,
} from "./bonus-terms";
import { customerBonus, welcomeOffer } from "./test-fixtures";

const rows = (entries: { key: string; value: string }[]) => Object.fromEntries(entries.map((row) => [row.key, row.value]));

describe("the bonus info entry's display form", () => {
  it("writes the required deposit as an ordinal", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal)).toEqual([
      "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th",
    ]);
    expect(requiredDepositText({ deposit_number: 2, bonus_trigger: "deposit" })).toBe("2nd deposit");
    expect(requiredDepositText({ deposit_number: null, bonus_trigger: "deposit" })).toBe("Any deposit");
    expect(requiredDepositText({ deposit_number: null, bonus_trigger: "manual" })).toBeNull();
  });

  it("shows wagering time in whole days (seconds / 86400, rounded down)", () => {
    expect(wageringDays(7 * 86_400)).toBe(7);
    expect(wageringDays(7 * 86_400 - 1)).toBe(6);
    expect(daysText(86_400)).toBe("1 day");
    expect(daysText(3 * 86_400 + 5)).toBe("3 days");
    expect(daysText(3600)).toBe("Less than 1 day");
  });

  it("shows a winnings distribution of 0 as 100", () => {
    expect(winningsPercent("0")).toBe("100");
    expect(winningsPercent("0.00")).toBe("100");
    expect(winningsPercent("50.00")).toBe("50");
    expect(winningsPercent("12.50")).toBe("12.5");
  });

  it("takes the free-spin count from the USD entry, not the first one", () => {
    expect(freeSpinsCount(welcomeOffer())).toBe(25);
    expect(freeSpinsCount({ bonus_currencies: welcomeOffer().bonus_currencies.slice(0, 1) })).toBe(0);
  });

  it("writes the wager as a multiplier and says when there is none", () => {
    expect(wagerText("10.00")).toBe("Wager ×10");
    expect(wagerText("2.5")).toBe("Wager ×2.5");
    expect(wagerText("0")).toBe("No wagering");
  });

  it("says how the bonus activates", () => {
    expect(autoActivationText({ auto_activation: true, auto_activation_time: 0 })).toBe("Activates automatically");
    expect(autoActivationText({ auto_activation: true, auto_activation_time: 7200 })).toBe("Activates automatically after 2 h");
    expect(autoActivationText({ auto_activation: false })).toBe("Activate it yourself in My bonuses");
  });

  it("lists the welcome offer's terms in the seed's order, amounts from the player's currency or USD", () => {
    const usd = termRows(welcomeOffer());
    expect(usd.map((row) => row.key)).toEqual(["deposit", "percent", "wager", "winnings", "auto", "days", "min", "max", "cashout", "currencies", "spins"]);
    expect(rows(usd)).toMatchObject({
      deposit: "1st deposit",
      percent: "100%",
      wager: "Wager ×10",
      winnings: "100%",
      auto: "Activates automatically",
      days: "7 days",
      min: "20 USD",
      max: "100 USD",
      cashout: "500 USD",
      currencies: "EUR, USD",
      spins: "25",
    });
    const eur = rows(termRows(welcomeOffer(), "EUR"));
    expect(eur.min).toBe("10 EUR");
    // Max cashout 0 means no cap.
    expect(eur.cashout).toBe("No limit");
    // Free spins stay the USD entry's even when the amounts are in euros.
    expect(eur.spins).toBe("25");
    expect(pickCurrency(welcomeOffer(), "GBP")?.external_guid).toBe("USD");
  });

  it("sums an offer up in one line", () => {
    expect(headline(welcomeOffer())).toBe("100% up to 100 USD");
    expect(headline(welcomeOffer({ bonus_type: "free_spins", bonus_percent: "0" }))).toBe("25 free spins");
    expect(headline(welcomeOffer({ bonus_type: "fixed_amount" }), "EUR")).toBe("100 EUR");
  });

  it("lists a player's bonus terms with the total wagering", () => {
    expect(rows(customerBonusRows(customerBonus()))).toMatchObject({
      amount: "50 USD",
      wager: "Wager ×10 (500 USD)",
      winnings: "100%",
      days: "7 days",
      cashout: "No limit",
    });
    const spins = rows(customerBonusRows(customerBonus({ bonus_type: "free_spins", bonus_amount: "0", free_spin_count: 20, free_spin_amount: "0.20" })));
    expect(spins.spins).toBe("20 × 0.2 USD");
    expect(spins.amount).toBeUndefined();
  });
});
