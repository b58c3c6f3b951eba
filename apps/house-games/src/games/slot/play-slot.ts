import type { FairStream } from "../../fairness/rng.ts";
import { evaluateSpin, type SpinEvaluation } from "./evaluate-spin.ts";
import type { SlotGame } from "./slot-types.ts";

export type SlotDraw = { base: number[]; freeSpins: number[][] };

/** All reel stops of a round (base spin and, when triggered, every free spin), drawn before anything is paid. */
export function drawSlot(game: SlotGame, stream: FairStream): SlotDraw {
  const spin = () => game.strips.map((strip) => stream.nextInt(strip.length));
  const base = spin();
  const freeSpins: number[][] = [];
  if (evaluateSpin(game, base).triggersFreeSpins) {
    for (let i = 0; i < game.freeSpins.spins; i += 1) freeSpins.push(spin());
  }
  return { base, freeSpins };
}

export type SlotResult = {
  base: SpinEvaluation;
  freeSpins: SpinEvaluation[];
  /** Total win in credits (free spins already multiplied); the money is stake × credits / creditsPerStake. */
  credits: number;
};

export function evaluateSlotDraw(game: SlotGame, draw: SlotDraw): SlotResult {
  const base = evaluateSpin(game, draw.base);
  const freeSpins = draw.freeSpins.map((stops) => evaluateSpin(game, stops));
  const featureCredits = freeSpins.reduce((sum, spin) => sum + spin.creditsWon, 0) * game.freeSpins.multiplier;
  return { base, freeSpins, credits: base.creditsWon + featureCredits };
}
