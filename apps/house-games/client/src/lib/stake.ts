import { compareAmounts, fromUnits, toUnits } from "@croupier/contract/money";

export type StakeLimits = { min: string; max: string };

const MANTISSAS = [1n, 2n, 5n];
const LADDER_MAX = 40;

/**
 * The stakes a selector steps through: the game's own list when it publishes one (filtered to
 * the limits), otherwise a 1-2-5 ladder from the minimum to the maximum, both ends included.
 */
export function stakeLadder(limits: StakeLimits, preset: readonly string[] = []): string[] {
  const min = toUnits(limits.min);
  const max = toUnits(limits.max);
  if (min <= 0n || max < min) return [];
  if (preset.length > 0) {
    const allowed = [...new Set(preset.map(toUnits))].filter((u) => u >= min && u <= max).sort((a, b) => (a < b ? -1 : 1));
    return allowed.slice(0, LADDER_MAX).map((u) => fromUnits(u));
  }
  const steps = new Set<bigint>([min]);
  // Decade of the minimum: the largest power of ten not above it (in 1e-18 units).
  let decade = 1n;
  while (decade * 10n <= min) decade *= 10n;
  for (let d = decade; d <= max && steps.size < LADDER_MAX; d *= 10n) {
    for (const m of MANTISSAS) {
      const value = d * m;
      if (value > min && value < max) steps.add(value);
    }
  }
  steps.add(max);
  return [...steps].sort((a, b) => (a < b ? -1 : 1)).slice(0, LADDER_MAX).map((u) => fromUnits(u));
}

/** Next stake up or down the ladder from the current one; stays put at either end. */
export function stepStake(current: string, direction: 1 | -1, ladder: readonly string[]): string {
  if (ladder.length === 0) return current;
  if (direction > 0) return ladder.find((s) => compareAmounts(s, current) > 0) ?? ladder[ladder.length - 1]!;
  const lower = ladder.filter((s) => compareAmounts(s, current) < 0);
  return lower[lower.length - 1] ?? ladder[0]!;
}

/** A stake typed or restored from storage, pulled inside the limits. */
export function clampStake(value: string, limits: StakeLimits): string {
  if (compareAmounts(value, limits.min) < 0) return fromUnits(toUnits(limits.min));
  if (compareAmounts(value, limits.max) > 0) return fromUnits(toUnits(limits.max));
  return fromUnits(toUnits(value));
}

export function canStep(current: string, direction: 1 | -1, ladder: readonly string[]): boolean {
  return stepStake(current, direction, ladder) !== current && compareAmounts(stepStake(current, direction, ladder), current) !== 0;
}
