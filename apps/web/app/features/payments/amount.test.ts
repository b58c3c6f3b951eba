import { describe, expect, it } from "vitest";
import { formatLimit, normaliseAmountInput, quickAmounts, validateAmount } from "./amount";

const usd = { decimals: 2, min: "10", max: "5000", code: "USD" };

describe("validateAmount", () => {
  it("accepts an amount inside the limits and returns it as a plain trimmed string", () => {
    expect(validateAmount("25", usd)).toEqual({ ok: true, value: "25" });
    expect(validateAmount(" 1,250.50 ", usd)).toEqual({ ok: true, value: "1250.5" });
    expect(validateAmount("10.00", usd)).toEqual({ ok: true, value: "10" });
    expect(validateAmount("5000", usd)).toEqual({ ok: true, value: "5000" });
  });

  it("refuses more decimals than the currency has, but not trailing zeros", () => {
    expect(validateAmount("10.123", usd)).toEqual({ ok: false, error: "USD amounts have at most 2 decimal places." });
    expect(validateAmount("10.120", usd)).toEqual({ ok: true, value: "10.12" });
    expect(validateAmount("1500.5", { decimals: 0, min: "100", max: "1000000", code: "JPY" })).toEqual({ ok: false, error: "JPY amounts are whole numbers." });
    expect(validateAmount("0.000000015", { decimals: 8, min: "0.00000001", max: "5", code: "BTC" })).toMatchObject({ ok: false });
    expect(validateAmount("0.00000002", { decimals: 8, min: "0.00000001", max: "5", code: "BTC" })).toEqual({ ok: true, value: "0.00000002" });
  });

  it("refuses amounts outside the limits, exactly at the edge", () => {
    expect(validateAmount("9.99", usd)).toEqual({ ok: false, error: "The minimum is 10 USD." });
    expect(validateAmount("5000.01", usd)).toEqual({ ok: false, error: "The maximum is 5000 USD." });
  });

  it("refuses empty, zero and non-numeric input", () => {
    expect(validateAmount("", usd)).toEqual({ ok: false, error: "Enter an amount." });
    expect(validateAmount("0", { ...usd, min: null })).toEqual({ ok: false, error: "The amount must be more than zero." });
    expect(validateAmount("-5", usd)).toMatchObject({ ok: false, error: "Enter the amount as a number, such as 25 or 10.50." });
    expect(validateAmount("1e3", usd)).toMatchObject({ ok: false });
    expect(validateAmount("12.3.4", usd)).toMatchObject({ ok: false });
  });

  it("caps a withdrawal at the cash balance", () => {
    expect(validateAmount("600", { ...usd, available: "500.25" })).toEqual({ ok: false, error: "You can withdraw at most your cash balance, 500.25 USD." });
    expect(validateAmount("500.25", { ...usd, available: "500.25" })).toEqual({ ok: true, value: "500.25" });
  });

  it("compares 18-decimal amounts without losing digits", () => {
    const eth = { decimals: 18, min: "0.000000000000000001", max: "100", code: "ETH" };
    expect(validateAmount("99.999999999999999999", eth)).toEqual({ ok: true, value: "99.999999999999999999" });
    expect(validateAmount("100.000000000000000001", eth)).toEqual({ ok: false, error: "The maximum is 100 ETH." });
    expect(validateAmount("12345678901234567890.5", { ...eth, max: "12345678901234567890.49" })).toMatchObject({ ok: false });
  });

  it("reads trailing zeros past 18 places and refuses more than 20 whole digits", () => {
    expect(validateAmount("10.0000000000000000000", usd)).toEqual({ ok: true, value: "10" });
    expect(validateAmount("123456789012345678901", { ...usd, max: null })).toEqual({ ok: false, error: "This amount is too large." });
  });
});

describe("normaliseAmountInput", () => {
  it("strips grouping, a trailing point and leading zeros", () => {
    expect(normaliseAmountInput("1,000.")).toBe("1000");
    expect(normaliseAmountInput("007.5")).toBe("7.5");
    expect(normaliseAmountInput("abc")).toBeNull();
  });
});

describe("quickAmounts", () => {
  it("keeps valid amounts inside the limits, sorted and without duplicates", () => {
    expect(quickAmounts(["250", "20", "50", "20.00", "100", "10000", "12.345"], usd)).toEqual(["20", "50", "100", "250"]);
  });

  it("returns at most the limit and nothing for an empty list", () => {
    expect(quickAmounts(["20", "30", "40", "50", "60"], usd, 3)).toEqual(["20", "30", "40"]);
    expect(quickAmounts([], usd)).toEqual([]);
  });
});

describe("formatLimit", () => {
  it("keeps two places and drops longer trailing zeros", () => {
    expect(formatLimit("10.000000", 6)).toBe("10.00");
    expect(formatLimit("10000", 6)).toBe("10,000.00");
    expect(formatLimit("0.0001", 8)).toBe("0.0001");
    expect(formatLimit("20", 2)).toBe("20.00");
    expect(formatLimit("1500", 0)).toBe("1,500");
  });
});
