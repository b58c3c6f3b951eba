import { fromUnits, toUnits } from "@croupier/contract/money";

/**
 * Target dice as the provider defines it: rolls from `min` to `max` in `step`s (Hi-Lo: 0.00–99.99
 * by 0.01, 10,000 outcomes; Lucky 100: 1–100 by 1). "under T" wins on the rolls below T, "over
 * T" on the rolls above it. Multiplier = (1 − house edge) × outcomes / winning outcomes, floored
 * to 4 decimals.
 */
export type DiceSpec = { min: string; max: string; step: string; houseEdge: string };

const SCALE = 10n ** 18n;

function outcomesOf(spec: DiceSpec): bigint {
  return (toUnits(spec.max) - toUnits(spec.min)) / toUnits(spec.step) + 1n;
}

/** Number of winning rolls for a target and direction (0 for a target off the grid). */
export function winningRolls(spec: DiceSpec, target: string, direction: "over" | "under"): bigint {
  const step = toUnits(spec.step);
  const offset = toUnits(target) - toUnits(spec.min);
  if (offset < 0n || offset % step !== 0n) return 0n;
  const index = offset / step;
  const outcomes = outcomesOf(spec);
  const wins = direction === "under" ? index : outcomes - 1n - index;
  return wins < 0n ? 0n : wins > outcomes ? outcomes : wins;
}

/** Win chance in percent, 2 decimals. */
export function winChance(spec: DiceSpec, target: string, direction: "over" | "under"): string {
  const wins = winningRolls(spec, target, direction);
  const hundredths = (wins * 10_000n) / outcomesOf(spec); // percent × 100
  return fromUnits(hundredths * 10n ** 16n, 2);
}

/** Multiplier (stake included) for a win, floored to 4 decimals; "0" when nothing wins. */
export function diceMultiplier(spec: DiceSpec, target: string, direction: "over" | "under"): string {
  const wins = winningRolls(spec, target, direction);
  if (wins === 0n) return "0";
  const raw = ((SCALE - toUnits(spec.houseEdge)) * outcomesOf(spec)) / wins;
  const step = 10n ** 14n;
  return fromUnits((raw / step) * step, 4);
}

/** What a winning roll pays: stake × multiplier, to 2 decimals at least. */
export function dicePayout(stake: string, multiplier: string): string {
  const product = (toUnits(stake) * toUnits(multiplier)) / SCALE;
  return fromUnits(product, 2);
}

/**
 * The slider's legal range in roll steps for a direction: the targets whose win chance lies
 * within [minChance, maxChance] (fractions of 1).
 */
export function targetIndexBounds(spec: DiceSpec, direction: "over" | "under", minChance: string, maxChance: string): { low: number; high: number } {
  const outcomes = outcomesOf(spec);
  const minWins = (toUnits(minChance) * outcomes + SCALE - 1n) / SCALE; // ceil
  const maxWins = (toUnits(maxChance) * outcomes) / SCALE; // floor
  if (direction === "under") return { low: Number(minWins), high: Number(maxWins) };
  return { low: Number(outcomes - 1n - maxWins), high: Number(outcomes - 1n - minWins) };
}

/** The target at a slider position, as the API writes it ("49.50", "51"). */
export function targetAt(spec: DiceSpec, index: number): string {
  const decimals = spec.step.includes(".") ? spec.step.split(".")[1]!.length : 0;
  return fromUnits(toUnits(spec.min) + BigInt(index) * toUnits(spec.step), decimals);
}
