import type { FairStream } from "../../fairness/rng.ts";
import { Fraction } from "../../stats/fraction.ts";

/**
 * Target dice: a roll in [min, max] at `step`, a target, over or under.
 * The multiplier is (1 − edge) / chance, floored to 4 decimals, so the
 * exact RTP of a bet is chance × multiplier ≤ 1 − edge.
 */
export type TargetDice = { outcomes: number; scale: number; offset: number; edge: Fraction; minChance: number; maxChance: number };
export type TargetBet = { target: string; direction: "over" | "under" };

/** Hi-Lo Dice: 0.00–99.99. */
export const HI_LO_DICE: TargetDice = { outcomes: 10_000, scale: 100, offset: 0, edge: new Fraction(1, 100), minChance: 0.01, maxChance: 0.98 };
/** Lucky Dice 100: whole numbers 1–100. */
export const LUCKY_DICE_100: TargetDice = { outcomes: 100, scale: 1, offset: 1, edge: new Fraction(2, 100), minChance: 0.02, maxChance: 0.97 };

export function drawTargetDice(dice: TargetDice, stream: FairStream): number {
  return stream.nextInt(dice.outcomes);
}

/** Roll index → displayed value. */
export function rollValue(dice: TargetDice, index: number): string {
  const value = index + dice.offset * dice.scale;
  return dice.scale === 1 ? String(value) : (value / dice.scale).toFixed(2);
}

/** How many roll indices win, or null when the target is not allowed. */
export function winningOutcomes(dice: TargetDice, bet: TargetBet): number | null {
  const target = Number(bet.target);
  const scaled = Math.round(target * dice.scale);
  if (!Number.isFinite(target) || Math.abs(scaled - target * dice.scale) > 1e-6) return null;
  const index = scaled - dice.offset * dice.scale;
  const wins = bet.direction === "over" ? dice.outcomes - 1 - index : index;
  if (wins < dice.outcomes * dice.minChance || wins > dice.outcomes * dice.maxChance) return null;
  return wins;
}

export function isWin(dice: TargetDice, bet: TargetBet, rollIndex: number): boolean {
  const index = Math.round(Number(bet.target) * dice.scale) - dice.offset * dice.scale;
  return bet.direction === "over" ? rollIndex > index : rollIndex < index;
}

/** Multiplier (stake included) as a decimal string with 4 places, floored. */
export function targetMultiplier(dice: TargetDice, wins: number): Fraction {
  const exact = Fraction.ONE.sub(dice.edge).mul(dice.outcomes).div(wins);
  return new Fraction((exact.n * 10_000n) / exact.d, 10_000n);
}

export function targetRtp(dice: TargetDice, wins: number): Fraction {
  return targetMultiplier(dice, wins).mul(new Fraction(wins, dice.outcomes));
}
