import { describe, expect, it } from "vitest";
import { drawFingerprint } from "./draw-fingerprint.ts";

describe("drawFingerprint", () => {
  it("compares slot stops including the free spins, not the amounts", () => {
    const stored = { stops: [1, 2, 3, 4, 5], grid: [], wins: [{ line: 1, win: "0.20" }], free_spins: { spins: [{ stops: [9, 9, 9, 9, 9], win: "2.00" }] } };
    const recomputed = { stops: [1, 2, 3, 4, 5], grid: [], wins: [{ line: 1, win: "0.20000000" }], free_spins: { spins: [{ stops: [9, 9, 9, 9, 9], win: "2.00000000" }] } };
    expect(drawFingerprint("slot", stored)).toBe(drawFingerprint("slot", recomputed));
    expect(drawFingerprint("slot", { ...recomputed, free_spins: { spins: [{ stops: [9, 9, 9, 9, 8] }] } })).not.toBe(drawFingerprint("slot", stored));
    expect(drawFingerprint("slot", { ...stored, stops: [1, 2, 3, 4, 6] })).not.toBe(drawFingerprint("slot", stored));
  });

  it("reads roulette pockets, dice rolls and dice faces", () => {
    expect(drawFingerprint("roulette", { pocket: "17" })).toBe(drawFingerprint("roulette", { pocket: "17", pockets: ["17"] }));
    expect(drawFingerprint("live_roulette", { pockets: ["17", "4"] })).not.toBe(drawFingerprint("live_roulette", { pockets: ["17", "5"] }));
    expect(drawFingerprint("dice", { roll: "73.21" })).not.toBe(drawFingerprint("dice", { roll: "73.22" }));
    expect(drawFingerprint("live_dice", { dice: [3, 5] })).toBe(drawFingerprint("live_dice", { dice: [3, 5], total: 8 }));
  });

  it("matches a live blackjack result (one seat's hands) against a recomputed deal", () => {
    const live = { dealer: { cards: ["K♠", "7♦"] }, hand: { cards: [["9♥", "7♦", "2♣"]], actions: ["hit", "stand"] } };
    const recomputed = { dealer: { cards: ["K♠", "7♦"], total: 17 }, hands: [{ cards: ["9♥", "7♦", "2♣"], total: 18 }] };
    expect(drawFingerprint("live_blackjack", live)).toBe(drawFingerprint("live_blackjack", recomputed));
    expect(drawFingerprint("blackjack", { ...recomputed, dealer: { cards: ["K♠", "8♦"] } })).not.toBe(drawFingerprint("blackjack", recomputed));
  });

  it("is null when there is nothing drawn to compare", () => {
    expect(drawFingerprint("slot", null)).toBeNull();
    expect(drawFingerprint("dice", {})).toBeNull();
    expect(drawFingerprint("blackjack", { dealer: { cards: ["A♠"] } })).toBeNull();
  });
});
