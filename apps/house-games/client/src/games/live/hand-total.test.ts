import { describe, expect, it } from "vitest";
import { handTotalOf, secondsLeft } from "./live-game.tsx";

describe("live table helpers", () => {
  it("totals a published hand with soft aces", () => {
    expect(handTotalOf(["A♠", "K♥"])).toBe(21);
    expect(handTotalOf(["A♠", "A♥", "9♦"])).toBe(21);
    expect(handTotalOf(["T♣", "6♦", "A♥"])).toBe(17);
    expect(handTotalOf(["9♣", "7♦", "8♥"])).toBe(24);
  });

  it("counts the betting window on the server's clock", () => {
    expect(secondsLeft("2026-01-01T00:00:10.000Z", Date.parse("2026-01-01T00:00:05.500Z"), 0)).toBe(5);
    expect(secondsLeft("2026-01-01T00:00:10.000Z", Date.parse("2026-01-01T00:00:05.500Z"), 5000)).toBe(0);
  });
});
