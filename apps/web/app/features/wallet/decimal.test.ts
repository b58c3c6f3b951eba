import { describe, expect, it } from "vitest";
import { addDecimals, formatAmount, isDecimalString } from "./decimal";

describe("addDecimals", () => {
  it("adds with the longer fraction and drops trailing zeros", () => {
    expect(addDecimals("1234.5", "0.25")).toBe("1234.75");
    expect(addDecimals("10", "0")).toBe("10");
    expect(addDecimals("0.10", "0.20")).toBe("0.3");
    expect(addDecimals("99.995", "0.005")).toBe("100");
    expect(addDecimals("0", "0.00")).toBe("0");
  });

  it("keeps every digit of 18-decimal amounts where floats would not", () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(addDecimals("0.1", "0.2")).toBe("0.3");
    expect(addDecimals("1.000000000000000001", "2.000000000000000002")).toBe("3.000000000000000003");
    expect(addDecimals("12345678901234567890.123456789012345678", "0.000000000000000001")).toBe(
      "12345678901234567890.123456789012345679",
    );
  });

  it("handles negative operands", () => {
    expect(addDecimals("-1.5", "0.25")).toBe("-1.25");
    expect(addDecimals("1.5", "-1.5")).toBe("0");
    expect(addDecimals("-0.000000000000000001", "0")).toBe("-0.000000000000000001");
  });

  it("refuses what is not a plain decimal string", () => {
    expect(() => addDecimals("1e3", "1")).toThrow(RangeError);
    expect(() => addDecimals("1,000", "1")).toThrow(RangeError);
    expect(() => addDecimals("", "1")).toThrow(RangeError);
    expect(isDecimalString("12.50")).toBe(true);
    expect(isDecimalString("12.")).toBe(false);
    expect(isDecimalString(12.5)).toBe(false);
  });
});

describe("formatAmount", () => {
  it("uses en-US thousands separators and the currency decimals as min and max", () => {
    expect(formatAmount(addDecimals("1234.5", "0.25"), 2)).toBe("1,234.75");
    expect(formatAmount("1000", 2)).toBe("1,000.00");
    expect(formatAmount("1234567.891", 2)).toBe("1,234,567.89");
    expect(formatAmount("0.5", 2)).toBe("0.50");
  });

  it("JPY: no fraction digits, rounded half away from zero", () => {
    expect(formatAmount("1234567", 0)).toBe("1,234,567");
    expect(formatAmount("1234.5", 0)).toBe("1,235");
    expect(formatAmount("1234.49", 0)).toBe("1,234");
  });

  it("BTC: eight decimals", () => {
    expect(formatAmount("0.00000001", 8)).toBe("0.00000001");
    expect(formatAmount("12.5", 8)).toBe("12.50000000");
    expect(formatAmount("1.123456785", 8)).toBe("1.12345679");
  });

  it("ETH: eighteen decimals without losing precision", () => {
    const total = addDecimals("1234.000000000000000001", "0.999999999999999999");
    expect(total).toBe("1235");
    expect(formatAmount(total, 18)).toBe("1,235.000000000000000000");
    expect(formatAmount("98765.123456789012345678", 18)).toBe("98,765.123456789012345678");
  });

  it("agrees with Intl.NumberFormat where a double is exact enough", () => {
    for (const [value, decimals] of [
      ["0", 2],
      ["999.995", 2],
      ["-1234.567", 2],
      ["1000000", 0],
      ["42.1", 8],
    ] as const) {
      const intl = new Intl.NumberFormat("en-US", {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
      }).format(Number(value));
      expect(formatAmount(value, decimals)).toBe(intl);
    }
  });

  it("shows nothing for null, undefined or a malformed value", () => {
    expect(formatAmount(null, 2)).toBe("");
    expect(formatAmount(undefined, 2)).toBe("");
    expect(formatAmount("abc", 2)).toBe("");
  });

  it("keeps a minus sign only when the rounded amount is not zero", () => {
    expect(formatAmount("-0.004", 2)).toBe("0.00");
    expect(formatAmount("-0.005", 2)).toBe("-0.01");
  });
});
