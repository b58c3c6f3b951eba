import { FairStream } from "../fairness/rng.ts";
import { RunningStats } from "../stats/statistics.ts";
import { Fraction } from "../stats/fraction.ts";
import { applyAction, CardSource, deal, strategyAction, unitsReturned, unitsStaked } from "./blackjack/blackjack-play.ts";
import { diceBetRtp } from "./dice/dice-table.ts";
import { isWin, targetMultiplier, targetRtp, winningOutcomes } from "./dice/target-dice.ts";
import type { HouseGame } from "./game-catalog.ts";
import { drawDice } from "./dice/dice-table.ts";
import { coveredNumbers, drawRoulette, returnPerUnit, rouletteBetRtp, type RouletteBet } from "./roulette/roulette.ts";
import { drawSlot, evaluateSlotDraw } from "./slot/play-slot.ts";

export type Simulation = { rounds: number; expected: number; measured: number; halfWidth: number; inside: boolean };

/**
 * Plays N rounds of a game through the same draw and pay code the server
 * uses, with fixed seeds (reproducible), and compares the measured return
 * per unit staked with the exact RTP: inside means |measured − RTP| ≤ 2.576·σ/√N.
 * Table games spread equal stakes over a fixed mix of bets, so the
 * expectation is the mix's exact RTP.
 */
export function simulateGame(game: HouseGame, rounds: number, seed = "rtp-simulation"): Simulation {
  const stats = new RunningStats();
  const seeds = (nonce: number) => ({ serverSeed: seed, clientSeed: game.code, nonce });
  let expected = game.rtp;
  switch (game.kind) {
    case "slot":
      for (let i = 0; i < rounds; i += 1) {
        const result = evaluateSlotDraw(game.slot, drawSlot(game.slot, new FairStream(seeds(i))));
        stats.push(result.credits / game.slot.creditsPerStake);
      }
      break;
    case "roulette":
    case "live_roulette": {
      const mix: Omit<RouletteBet, "amount">[] = [
        { type: "straight", numbers: [game.roulette.top === 36 ? 17 : 7] },
        { type: "split", numbers: [0, 2] },
        { type: "corner", numbers: [1, 2, 4, 5] },
        { type: "red" },
        { type: "even" },
        { type: "column", index: 2 },
      ];
      if (game.roulette.top === 36) mix.push({ type: "dozen", index: 3 });
      if (game.roulette.variant === "american") mix.push({ type: "top_line", numbers: [0, 37, 1, 2, 3] });
      expected = mix.reduce((sum, bet) => sum.add(rouletteBetRtp(game.roulette, bet)), Fraction.ZERO).div(mix.length);
      const covered = mix.map((bet) => coveredNumbers(game.roulette, bet)!);
      for (let i = 0; i < rounds; i += 1) {
        const pockets = drawRoulette(game.roulette, new FairStream(seeds(i)));
        let returned = 0;
        mix.forEach((bet, b) => {
          for (const pocket of pockets) returned += returnPerUnit(game.roulette, bet, covered[b]!, pocket).toNumber() / pockets.length;
        });
        stats.push(returned / mix.length);
      }
      break;
    }
    case "dice": {
      const bets = [
        { target: game.dice.scale === 1 ? "50" : "49.50", direction: "under" as const },
        { target: game.dice.scale === 1 ? "90" : "90.00", direction: "over" as const },
        { target: game.dice.scale === 1 ? "20" : "20.00", direction: "under" as const },
      ];
      const wins = bets.map((bet) => winningOutcomes(game.dice, bet)!);
      expected = wins.reduce((sum, w) => sum.add(targetRtp(game.dice, w)), Fraction.ZERO).div(bets.length);
      const multipliers = wins.map((w) => targetMultiplier(game.dice, w).toNumber());
      for (let i = 0; i < rounds; i += 1) {
        const roll = new FairStream(seeds(i)).nextInt(game.dice.outcomes);
        stats.push(bets.reduce((sum, bet, b) => sum + (isWin(game.dice, bet, roll) ? multipliers[b]! : 0), 0) / bets.length);
      }
      break;
    }
    case "dice_table":
    case "live_dice": {
      const bets = game.table.bets;
      expected = bets.reduce((sum, bet) => sum.add(diceBetRtp(game.table, bet)), Fraction.ZERO).div(bets.length);
      for (let i = 0; i < rounds; i += 1) {
        const dice = drawDice(game.table, new FairStream(seeds(i)));
        stats.push(bets.reduce((sum, bet) => sum + bet.returns(dice).toNumber(), 0) / bets.length);
      }
      break;
    }
    case "blackjack":
    case "live_blackjack":
      for (let i = 0; i < rounds; i += 1) {
        const source = new CardSource(seeds(i));
        let state = deal(source, 1);
        while (state.phase !== "done") state = applyAction(game.rules, source, state, strategyAction(game.rules, state));
        // Return per unit of initial stake: 1 + net.
        stats.push(1 + unitsReturned(state) - unitsStaked(state));
      }
      break;
  }
  const halfWidth = stats.halfWidth99();
  const exact = expected.toNumber();
  return { rounds, expected: exact, measured: stats.mean, halfWidth, inside: Math.abs(stats.mean - exact) <= halfWidth };
}
