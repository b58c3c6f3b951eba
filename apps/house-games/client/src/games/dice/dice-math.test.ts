import { describe, expect, it } from "vitest";
import { diceMultiplier, dicePayout, targetAt, targetIndexBounds, winChance, winningRolls, type DiceSpec } from "./dice-math.ts";

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

  it("keeps the slider inside the published win-chance bounds", () => {
    // Lucky 100: chance 2 %–97 %. Under T wins on T−1 rolls; over T on 100−T.
    const under = targetIndexBounds(lucky100, "under", "0.02", "0.97");
    expect([targetAt(lucky100, under.low), targetAt(lucky100, under.high)]).toEqual(["3", "98"]);
    expect(winningRolls(lucky100, targetAt(lucky100, under.low), "under")).toBe(2n);
    const over = targetIndexBounds(lucky100, "over", "0.02", "0.97");
    expect([targetAt(lucky100, over.low), targetAt(lucky100, over.high)]).toEqual(["3", "98"]);
    expect(winningRolls(lucky100, targetAt(lucky100, over.high), "over")).toBe(2n);
    const hiLo1 = targetIndexBounds(hiLo, "under", "0.0001", "0.98");
    expect(targetAt(hiLo, hiLo1.high)).toBe("98.00");
  });
});
