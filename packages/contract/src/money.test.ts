import { describe, expect, it } from "vitest";
import {
  addAmounts,
  canonicalAmount,
  checkAmount,
  compareAmounts,
  formatAmount,
  fractionDigits,
  fromUnits,
  isDecimal,
  isZeroAmount,
  multiplyAmount,
  multiplyUnits,
  roundUnits,
  subtractAmounts,
  sumAmounts,
  toFixedAmount,
  toUnits,
} from "./money.ts";

const E18 = 10n ** 18n;

describe("isDecimal and toUnits", () => {
  it("reads plain decimal strings exactly, in 10⁻¹⁸ units", () => {
    expect(toUnits("1.5")).toBe(15n * 10n ** 17n);
    expect(toUnits("1.5")).toBe(toUnits("1.50"));
    expect(toUnits("0.000000000000000001")).toBe(1n);
    expect(toUnits("-12.25")).toBe(-1225n * 10n ** 16n);
    expect(toUnits("007")).toBe(7n * E18);
    expect(toUnits("99999999999999999999.999999999999999999")).toBe(10n ** 38n - 1n);
  });

  it("refuses what is not a plain decimal string", () => {
    for (const bad of [
      "",
      "1e3",
      "1,000",
      "12.",
      ".5",
      "+1",
      " 1",
      "1 ",
      "NaN",
      "Infinity",
      "0x10",
      "1.2.3",
      "--1",
      "1.0000000000000000001",
      "1234567890123456789012",
    ]) {
      expect(isDecimal(bad), bad).toBe(false);
      expect(() => toUnits(bad), bad).toThrow(RangeError);
    }
    expect(isDecimal(12.5)).toBe(false);
    expect(isDecimal(null)).toBe(false);
    expect(isDecimal("12.50")).toBe(true);
    expect(isDecimal("-0.5")).toBe(true);
  });

  it("writes units back in canonical form, padded to a minimum of fraction digits", () => {
    expect(fromUnits(toUnits("10.50"))).toBe("10.5");
    expect(fromUnits(toUnits("10.00"))).toBe("10");
    expect(fromUnits(0n)).toBe("0");
    expect(fromUnits(-1n)).toBe("-0.000000000000000001");
    expect(fromUnits(toUnits("1.5"), 2)).toBe("1.50");
    expect(fromUnits(toUnits("1.234"), 2)).toBe("1.234");
    expect(fromUnits(toUnits("3"), 4)).toBe("3.0000");
  });

  it("counts written fraction digits", () => {
    expect(fractionDigits("10.00")).toBe(2);
    expect(fractionDigits("10")).toBe(0);
    expect(fractionDigits("0.00000001")).toBe(8);
  });
});

describe("arithmetic", () => {
  it("adds with every digit kept and drops trailing zeros", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addAmounts("0.1", "0.2")).toBe("0.3");
    expect(addAmounts("1234.5", "0.25")).toBe("1234.75");
    expect(addAmounts("10", "0")).toBe("10");
    expect(addAmounts("0.10", "0.20")).toBe("0.3");
    expect(addAmounts("99.995", "0.005")).toBe("100");
    expect(addAmounts("0", "0.00")).toBe("0");
    expect(addAmounts("1.000000000000000001", "2.000000000000000002")).toBe("3.000000000000000003");
    expect(addAmounts("12345678901234567890.123456789012345678", "0.000000000000000001")).toBe(
      "12345678901234567890.123456789012345679",
    );
    expect(addAmounts("1234.000000000000000001", "0.999999999999999999")).toBe("1235");
  });

  it("handles negative operands", () => {
    expect(addAmounts("-1.5", "0.25")).toBe("-1.25");
    expect(addAmounts("1.5", "-1.5")).toBe("0");
    expect(addAmounts("-0.000000000000000001", "0")).toBe("-0.000000000000000001");
    expect(subtractAmounts("1", "1.25")).toBe("-0.25");
    expect(subtractAmounts("10.5", "0.5")).toBe("10");
  });

  it("sums a list", () => {
    expect(sumAmounts(["0.1", "0.1", "0.1"])).toBe("0.3");
    expect(sumAmounts([])).toBe("0");
  });

  it("refuses to compute with what is not a decimal string", () => {
    expect(() => addAmounts("1e3", "1")).toThrow(RangeError);
    expect(() => addAmounts("1,000", "1")).toThrow(RangeError);
    expect(() => addAmounts("", "1")).toThrow(RangeError);
    expect(() => compareAmounts("abc", "1")).toThrow(RangeError);
  });

  it("compares by value, 18-decimal and 20-digit amounts included", () => {
    expect(compareAmounts("0.1", "0.10")).toBe(0);
    expect(compareAmounts("9.99", "10")).toBe(-1);
    expect(compareAmounts("-1", "0")).toBe(-1);
    expect(compareAmounts("12345678901234567890.5", "12345678901234567890.49")).toBe(1);
    expect(compareAmounts("100.000000000000000001", "100")).toBe(1);
  });

  it("multiplies by a decimal rate or a ratio, cut as asked", () => {
    expect(multiplyAmount("2.5", "3", 18, "trunc")).toBe("7.5");
    expect(multiplyAmount("0.1", "3", 18, "trunc")).toBe("0.3");
    expect(multiplyAmount("1.00", "1.955", 2, "trunc")).toBe("1.95");
    expect(multiplyAmount("1.00", "1.955", 2, "halfExpand")).toBe("1.96");
    expect(multiplyAmount("-1.00", "1.955", 2, "halfExpand")).toBe("-1.96");
    expect(multiplyAmount("-1.00", "1.955", 2, "trunc")).toBe("-1.95");
    expect(multiplyAmount("0.000000000000000001", "0.5", 18, "trunc")).toBe("0");
    expect(multiplyAmount("0.000000000000000001", "0.5", 18, "halfExpand")).toBe("0.000000000000000001");
    expect(multiplyUnits(toUnits("10"), { n: 1n, d: 3n }, 2, "trunc")).toBe(toUnits("3.33"));
    expect(multiplyUnits(toUnits("10"), { n: 2n, d: 3n }, 2, "halfExpand")).toBe(toUnits("6.67"));
    expect(multiplyUnits(toUnits("10"), { n: -1n, d: -3n }, 2, "trunc")).toBe(toUnits("3.33"));
    expect(multiplyUnits(toUnits("1.5"), { n: 5n, d: 2n }, 0, "trunc")).toBe(toUnits("3"));
    expect(() => multiplyUnits(1n, { n: 1n, d: 0n }, 2, "trunc")).toThrow(RangeError);
  });

  it("cuts in one step what a cut at 18 places and then at the currency's would give", () => {
    // The house games used to floor the exact product to 18 places, then to the currency's decimals.
    for (const [stake, n, d] of [
      ["1.37", 7n, 3n],
      ["0.01", 1n, 7n],
      ["123.45", 35n, 1n],
      ["0.05", 3n, 2n],
    ] as const) {
      const twoSteps = roundUnits((toUnits(stake) * n) / d, 2, "trunc");
      expect(multiplyUnits(toUnits(stake), { n, d }, 2, "trunc")).toBe(twoSteps);
    }
  });

  it("rounds units half away from zero or towards zero", () => {
    expect(roundUnits(toUnits("1.005"), 2, "halfExpand")).toBe(toUnits("1.01"));
    expect(roundUnits(toUnits("1.004999"), 2, "halfExpand")).toBe(toUnits("1"));
    expect(roundUnits(toUnits("-1.005"), 2, "halfExpand")).toBe(toUnits("-1.01"));
    expect(roundUnits(toUnits("1.009"), 2, "trunc")).toBe(toUnits("1"));
    expect(roundUnits(toUnits("-1.009"), 2, "trunc")).toBe(toUnits("-1"));
    expect(roundUnits(toUnits("1.5"), 18, "trunc")).toBe(toUnits("1.5"));
  });
});

describe("checkAmount (an amount a caller sends)", () => {
  it("accepts plain decimals within the currency's decimals and refuses everything else", () => {
    expect(checkAmount("10", 2)).toEqual({ ok: true, value: "10" });
    expect(checkAmount("0.01", 2).ok).toBe(true);
    expect(checkAmount("0.00000001", 8).ok).toBe(true);
    for (const bad of [
      "-1",
      "1.001",
      "1e3",
      "+1",
      " 1",
      "1 ",
      "01",
      ".5",
      "5.",
      "NaN",
      "Infinity",
      "0x10",
      "1,5",
      "",
      "123456789012345678901",
    ]) {
      expect(checkAmount(bad, 2).ok, bad).toBe(false);
    }
    expect(checkAmount(10, 2)).toEqual({ ok: false, reason: "must be a decimal string" });
    expect(checkAmount("0", 2)).toEqual({ ok: false, reason: "must be greater than zero" });
    expect(checkAmount("0", 2, { allowZero: true }).ok).toBe(true);
    expect(checkAmount("5", 0).ok).toBe(true);
    expect(checkAmount("5.0", 0)).toEqual({ ok: false, reason: "must have at most 0 decimal places" });
    expect(checkAmount("12345678901234567890.123456789012345678", 18).ok).toBe(true);
  });

  it("knows zero however it is written and compares amounts by canonical form", () => {
    expect(isZeroAmount("0")).toBe(true);
    expect(isZeroAmount("0.000")).toBe(true);
    expect(isZeroAmount("0.001")).toBe(false);
    expect(isZeroAmount("abc")).toBe(false);
    expect(canonicalAmount("10.50")).toBe("10.5");
    expect(canonicalAmount("10.00")).toBe("10");
    expect(canonicalAmount("0.0")).toBe("0");
    expect(canonicalAmount("100")).toBe("100");
    expect(canonicalAmount("not money")).toBe("not money");
  });
});

describe("toFixedAmount (the wire and database form)", () => {
  it("writes exactly the currency's decimals, no grouping", () => {
    expect(toFixedAmount("12.500000000000000000", 2, "trunc")).toBe("12.50");
    expect(toFixedAmount("7", 8, "trunc")).toBe("7.00000000");
    expect(toFixedAmount("3.000000000000000000", 0, "trunc")).toBe("3");
    expect(toFixedAmount("1234567.5", 2, "trunc")).toBe("1234567.50");
    expect(toFixedAmount(toUnits("1.5"), 2, "trunc")).toBe("1.50");
    expect(toFixedAmount(toUnits("0.000000000000000001"), 18, "trunc")).toBe("0.000000000000000001");
  });

  it("never pays more than was won when cutting (trunc), rounds when asked", () => {
    expect(toFixedAmount("1.999", 2, "trunc")).toBe("1.99");
    expect(toFixedAmount("1.995", 2, "halfExpand")).toBe("2.00");
    expect(toFixedAmount("-1.999", 2, "trunc")).toBe("-1.99");
    expect(toFixedAmount("-0.001", 2, "trunc")).toBe("0.00");
    expect(toFixedAmount(-5n, 2, "trunc")).toBe("0.00");
    expect(toFixedAmount("-0.5", 18, "trunc")).toBe("-0.500000000000000000");
  });
});

describe("formatAmount (what a player sees)", () => {
  // [value, the currency's decimals, shown]
  const cases: Record<string, [string | null | undefined, number, string][]> = {
    "en-US thousands separators, the currency decimals as min and max, half away from zero": [
      ["1234.75", 2, "1,234.75"],
      ["1000", 2, "1,000.00"],
      ["1234567.891", 2, "1,234,567.89"],
      ["0.5", 2, "0.50"],
      ["2.005", 2, "2.01"],
      ["0.125", 2, "0.13"],
      ["-0.125", 2, "-0.13"],
      ["12.500000000000000000", 2, "12.50"],
    ],
    "JPY: no fraction digits": [
      ["1234567", 0, "1,234,567"],
      ["1234.5", 0, "1,235"],
      ["1234.49", 0, "1,234"],
    ],
    "BTC: eight decimals": [
      ["0.00000001", 8, "0.00000001"],
      ["0.00012345", 8, "0.00012345"],
      ["12.5", 8, "12.50000000"],
      ["1.123456785", 8, "1.12345679"],
    ],
    "ETH: eighteen decimals without losing precision": [
      ["1235", 18, "1,235.000000000000000000"],
      ["98765.123456789012345678", 18, "98,765.123456789012345678"],
      ["12345678901234567890.123456789012345678", 18, "12,345,678,901,234,567,890.123456789012345678"],
    ],
    "nothing for null, undefined or a malformed value": [
      [null, 2, ""],
      [undefined, 2, ""],
      ["abc", 2, ""],
      ["1e-7", 2, ""],
    ],
    "a minus sign only when the rounded amount is not zero": [
      ["-0.004", 2, "0.00"],
      ["-0.005", 2, "-0.01"],
      ["-1234.5", 2, "-1,234.50"],
    ],
    "decimals clamped to what NUMERIC(38,18) holds": [
      ["1.5", 20, "1.500000000000000000"],
      ["1.5", -1, "2"],
      ["1.5", 2.7, "1.50"],
    ],
  };
  for (const [rule, rows] of Object.entries(cases)) {
    it(rule, () => {
      for (const [value, decimals, shown] of rows)
        expect(formatAmount(value, decimals), `${value} at ${decimals}`).toBe(shown);
    });
  }

  it("agrees with Intl.NumberFormat where a double is exact enough", () => {
    for (const [value, decimals] of [
      ["0", 2],
      ["999.995", 2],
      ["-1234.567", 2],
      ["1000000", 0],
      ["42.1", 8],
      ["-0.5", 0],
      ["123456.789", 1],
    ] as const) {
      const intl = new Intl.NumberFormat("en-US", {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(Number(value));
      expect(formatAmount(value, decimals), value).toBe(intl);
    }
  });
});
