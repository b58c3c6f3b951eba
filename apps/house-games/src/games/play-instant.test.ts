import { describe, expect, it } from "vitest";
import { toFixedAmount, toUnits } from "@croupier/contract/money";
import { newServerSeed } from "../fairness/rng.ts";
import { findGame, houseGames, type HouseGame } from "./game-catalog.ts";
import { drawInstant, settleInstant, stakeOf } from "./play-instant.ts";

const paramsFor = (game: HouseGame, amount: string): Record<string, unknown> => {
  if (game.kind === "roulette" || game.kind === "live_roulette") return { bets: [{ type: "straight", numbers: [7], amount }, { type: "red", amount }] };
  if (game.kind === "dice") return { target: game.dice.scale === 1 ? "50" : "50.00", direction: "under" };
  if (game.kind === "dice_table" || game.kind === "live_dice") return { bets: game.table.bets.map((bet) => ({ type: bet.type, amount })) };
  return {};
};

describe("outcomes do not depend on the stake", () => {
  it("the same seeds give the same draw at 0.10 and at 100.00, and the win scales exactly with the stake", () => {
    for (const game of houseGames().values()) {
      if (game.kind.includes("blackjack")) continue;
      for (let nonce = 0; nonce < 50; nonce += 1) {
        const seeds = { serverSeed: newServerSeed(), clientSeed: "stake-test", nonce };
        const small = drawInstant(game, seeds);
        const large = drawInstant(game, seeds);
        expect(large).toEqual(small);
        const lowStake = stakeOf(game, paramsFor(game, "0.10"), "0.10", 8);
        const highStake = stakeOf(game, paramsFor(game, "100.00"), "100.00", 8);
        const low = settleInstant(game, small, lowStake, 8);
        const high = settleInstant(game, large, highStake, 8);
        expect(high.win).toBe(low.win * 1000n);
      }
    }
  });

  it("the draw function takes no stake at all (the signature is seeds only)", () => {
    expect(drawInstant.length).toBe(2);
    const game = findGame("house:roulette-european-roulette")!;
    const stake = stakeOf(game, { bets: [{ type: "red", amount: "1.5" }] }, undefined, 2);
    expect(toFixedAmount(stake.total, 2, "trunc")).toBe("1.50");
    expect(() => stakeOf(game, { bets: [{ type: "red", amount: "1.555" }] }, undefined, 2)).toThrow(/decimals/);
    expect(toUnits("1.5")).toBe(toUnits("1.50"));
  });
});
