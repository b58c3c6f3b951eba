import { describe, expect, it } from "vitest";
import { diceMultiplier, dicePayout, winChance, winningRolls, type DiceSpec } from "./dice-math.ts";

const hiLo: DiceSpec = { min: "0", max: "99.99", step: "0.01", houseEdge: "0.01" };
const lucky100: DiceSpec = { min: "1", max: "100", step: "1", houseEdge: "0.02" };

describe("target dice", () => {
  it("counts the winning rolls of 0.00–99.99 for over and under", () => {
    expect(winningRolls(hiLo, "49.50", "under")).toBe(4950n);
    expect(winningRolls(hiLo, "49.50", "over")).toBe(5049n); // 49.51–99.99
    expect(winChance(hiLo, "49.50", "under")).toBe("49.50");
    expect(winChance(hiLo, "49.50", "over")).toBe("50.49");
    expect(winChance(hiLo, "98.99", "over")).toBe("1.00");
    // Off the 0.01 grid: no bet.
    expect(winningRolls(hiLo, "49.505", "under")).toBe(0n);
  });

  it("pays (1 − edge) × outcomes / wins, floored to 4 decimals", () => {
    expect(diceMultiplier(hiLo, "49.50", "under")).toBe("2.0000");
    expect(diceMultiplier(hiLo, "49.50", "over")).toBe("1.9607"); // 9900 / 5049 = 1.96078…
    expect(diceMultiplier(hiLo, "1.00", "under")).toBe("99.0000");
    expect(diceMultiplier(hiLo, "0", "under")).toBe("0");
  });

  it("handles whole-number dice (1–100)", () => {
    expect(winningRolls(lucky100, "51", "over")).toBe(49n);
    expect(winChance(lucky100, "51", "over")).toBe("49.00");
    expect(diceMultiplier(lucky100, "51", "over")).toBe("2.0000");
    expect(diceMultiplier(lucky100, "50", "under")).toBe("2.0000"); // 98 / 49
  });

  it("computes the payout of a win exactly", () => {
    expect(dicePayout("1.00", "1.9607")).toBe("1.9607");
    expect(dicePayout("2.50", "2.0000")).toBe("5.00");
  });
});
