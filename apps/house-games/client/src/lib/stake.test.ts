import { describe, expect, it } from "vitest";
import { clampStake, stakeLadder, stepStake } from "./stake.ts";

describe("stake stepping", () => {
  it("builds a 1-2-5 ladder between the limits, both ends included", () => {
    expect(stakeLadder({ min: "0.1", max: "10" })).toEqual(["0.1", "0.2", "0.5", "1", "2", "5", "10"]);
    expect(stakeLadder({ min: "0.25", max: "3" })).toEqual(["0.25", "0.5", "1", "2", "3"]);
  });

  it("uses the game's own stake list when there is one, inside the limits only", () => {
    expect(stakeLadder({ min: "1", max: "50" }, ["100", "0.5", "1", "25", "5", "5"])).toEqual(["1", "5", "25"]);
  });

  it("has no ladder for broken limits", () => {
    expect(stakeLadder({ min: "5", max: "1" })).toEqual([]);
    expect(stakeLadder({ min: "0", max: "1" })).toEqual([]);
  });

  it("steps up and down and stops at the ends", () => {
    const ladder = stakeLadder({ min: "0.2", max: "5" });
    expect(stepStake("0.2", 1, ladder)).toBe("0.5");
    expect(stepStake("0.5", -1, ladder)).toBe("0.2");
    expect(stepStake("0.2", -1, ladder)).toBe("0.2");
    expect(stepStake("5", 1, ladder)).toBe("5");
    // An off-ladder stake moves to the neighbouring step.
    expect(stepStake("0.7", 1, ladder)).toBe("1");
    expect(stepStake("0.7", -1, ladder)).toBe("0.5");
  });

  it("clamps into the limits with exact decimals", () => {
    expect(clampStake("0.05", { min: "0.1", max: "100" })).toBe("0.1");
    expect(clampStake("1000", { min: "0.1", max: "100" })).toBe("100");
    expect(clampStake("2.50", { min: "0.1", max: "100" })).toBe("2.5");
  });
});
