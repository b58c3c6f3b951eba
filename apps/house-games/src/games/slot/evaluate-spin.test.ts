import { describe, expect, it } from "vitest";
import { Fraction } from "../../stats/fraction.ts";
import { buildSlot } from "./build-slot.ts";
import { evaluateSpin } from "./evaluate-spin.ts";
import { PAYLINES } from "./paylines.ts";
import { computeSlotRtp } from "./slot-rtp.ts";
import type { SlotGame } from "./slot-types.ts";
import { SLOT_VARIANTS } from "./slot-variants.ts";

/** Short strips so every combination of stops can be enumerated by brute force. */
function miniGame(mode: "lines" | "ways"): SlotGame {
  const real = buildSlot(SLOT_VARIANTS[0]!);
  const strips = [
    ["H1", "L1", "S", "L2", "H2", "L1"],
    ["W", "H1", "L1", "X", "S", "L2"],
    ["H1", "W", "L2", "S", "L1", "H2"],
    ["L1", "H1", "W", "L2", "S", "X"],
    ["H2", "L1", "H1", "W", "L2", "S"],
  ];
  return {
    ...real,
    mode: mode === "lines" ? { type: "lines", lines: PAYLINES.slice(0, 20) } : { type: "ways" },
    creditsPerStake: mode === "lines" ? 20 : 25,
    strips,
  };
}

describe("slot RTP is exact", () => {
  for (const mode of ["lines", "ways"] as const) {
    it(`the reel-by-reel formula equals brute force over every stop combination (${mode})`, () => {
      const game = miniGame(mode);
      const n = game.strips.map((strip) => strip.length);
      let credits = 0;
      let triggers = 0;
      let combinations = 0;
      for (let a = 0; a < n[0]!; a += 1)
        for (let b = 0; b < n[1]!; b += 1)
          for (let c = 0; c < n[2]!; c += 1)
            for (let d = 0; d < n[3]!; d += 1)
              for (let e = 0; e < n[4]!; e += 1) {
                const spin = evaluateSpin(game, [a, b, c, d, e]);
                credits += spin.creditsWon;
                if (spin.triggersFreeSpins) triggers += 1;
                combinations += 1;
              }
      const spinValue = new Fraction(credits, combinations * game.creditsPerStake);
      const trigger = new Fraction(triggers, combinations);
      const brute = spinValue.add(trigger.mul(spinValue.mul(game.freeSpins.spins * game.freeSpins.multiplier)));
      const exact = computeSlotRtp(game);
      expect(exact.triggerProbability.toString()).toBe(trigger.toString());
      expect(exact.rtp.toString()).toBe(brute.toString());
    });
  }

  it("every themed variant publishes an RTP between 92 % and 98 %, across volatilities and studios", () => {
    const games = SLOT_VARIANTS.map(buildSlot);
    expect(games.length).toBeGreaterThanOrEqual(20);
    for (const game of games) {
      const rtp = computeSlotRtp(game).rtp.toNumber();
      expect(rtp).toBeGreaterThanOrEqual(0.92);
      expect(rtp).toBeLessThanOrEqual(0.98);
      expect(game.strips[0]).not.toContain("W");
    }
    expect(new Set(games.map((game) => game.volatility))).toEqual(new Set(["low", "medium", "high"]));
    expect(new Set(games.map((game) => game.studio)).size).toBe(4);
  });

  it("pays a line left to right with wilds substituting, and scatters anywhere", () => {
    const game = miniGame("lines");
    // Middle row (line 1): H1 on reel 1, then W, W, H1, then H2 → four H1s.
    const stops = [5, 5, 0, 0, 3];
    const spin = evaluateSpin(game, stops);
    expect(spin.grid.map((column) => column[1])).toEqual(["H1", "W", "W", "H1", "L2"]);
    expect(spin.lineWins.find((win) => win.line === 1)).toMatchObject({ symbol: "H1", count: 4 });
  });
});
