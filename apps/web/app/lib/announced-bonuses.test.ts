import { describe, expect, it } from "vitest";
import { ANNOUNCED_BONUS_MS, markBonusAnnounced, wasBonusAnnounced } from "./announced-bonuses";

describe("announced bonuses", () => {
  it("remembers a customer bonus for a few seconds only", () => {
    const now = 1_000_000;
    expect(wasBonusAnnounced("a", now)).toBe(false);
    markBonusAnnounced("a", now);
    expect(wasBonusAnnounced("a", now + ANNOUNCED_BONUS_MS)).toBe(true);
    expect(wasBonusAnnounced("a", now + ANNOUNCED_BONUS_MS + 1)).toBe(false);
    expect(wasBonusAnnounced("b", now)).toBe(false);
  });

  it("stays bounded: the oldest announcement goes first", () => {
    const now = 2_000_000;
    for (let i = 0; i < 60; i += 1) markBonusAnnounced(`bonus-${i}`, now + i);
    expect(wasBonusAnnounced("bonus-0", now + 60)).toBe(false);
    expect(wasBonusAnnounced("bonus-59", now + 60)).toBe(true);
  });
});
