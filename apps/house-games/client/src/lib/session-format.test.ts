import { describe, expect, it } from "vitest";
import { addAmounts, formatAmount, subtractAmounts, sumAmounts } from "@croupier/contract/money";
import { formatElapsed, formatMoney, formatNet } from "./session-format.ts";

describe("session chrome formatting", () => {
  it("formats elapsed time as m:ss, then h:mm:ss", () => {
    expect(formatElapsed(0)).toBe("0:00");
    expect(formatElapsed(59_999)).toBe("0:59");
    expect(formatElapsed(247_000)).toBe("4:07");
    expect(formatElapsed(3_723_000)).toBe("1:02:03");
    expect(formatElapsed(-5)).toBe("0:00");
  });

  it("signs the net position instead of relying on colour", () => {
    expect(formatNet("12.5")).toEqual({ text: "+12.50", tone: "up" });
    expect(formatNet("-3")).toEqual({ text: "−3.00", tone: "down" });
    expect(formatNet("0")).toEqual({ text: "0.00", tone: "even" });
    // Rounds to nothing at two decimals: even, not "+0.00".
    expect(formatNet("0.001")).toEqual({ text: "0.00", tone: "even" });
    expect(formatNet("1234567.891", 2).text).toBe("+1,234,567.89");
    expect(formatNet("not money").text).toBe("–");
  });

  it("does decimal sums exactly", () => {
    expect(addAmounts("0.1", "0.2")).toBe("0.3");
    expect(subtractAmounts("1", "1.25")).toBe("-0.25");
    expect(sumAmounts(["0.1", "0.1", "0.1"])).toBe("0.3");
    expect(formatAmount("0.125", 2)).toBe("0.13");
    expect(formatAmount("-0.125", 2)).toBe("-0.13");
    expect(formatMoney("1000", "USD")).toBe("1,000.00 USD");
    expect(formatMoney("0.00012345", "BTC", 8)).toBe("0.00012345 BTC");
  });
});
