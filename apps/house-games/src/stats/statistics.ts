/** Small statistics helpers for the fairness and RTP tests and the RTP bench. */

/** z for a two-sided 99 % interval. */
export const Z_99 = 2.5758293035489;
/** z for a one-sided 1 % upper tail. */
const Z_ONE_SIDED_99 = 2.3263478740408;

/** Upper critical value of χ² with df degrees of freedom at α = 0.01 (Wilson–Hilferty). */
export function chiSquareCritical99(df: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + Z_ONE_SIDED_99 * Math.sqrt(a)) ** 3;
}

/** Pearson χ² of observed counts against equal expected counts. */
export function chiSquareUniform(counts: ArrayLike<number>, total: number): number {
  const expected = total / counts.length;
  let chi = 0;
  for (let i = 0; i < counts.length; i += 1) chi += (counts[i]! - expected) ** 2 / expected;
  return chi;
}

/** Pearson χ² against given probabilities. */
export function chiSquare(counts: ArrayLike<number>, probabilities: ArrayLike<number>, total: number): number {
  let chi = 0;
  for (let i = 0; i < counts.length; i += 1) {
    const expected = total * probabilities[i]!;
    chi += (counts[i]! - expected) ** 2 / expected;
  }
  return chi;
}

/** Running mean and variance (Welford), for a simulation's return per unit stake. */
export class RunningStats {
  n = 0;
  mean = 0;
  private m2 = 0;

  push(x: number) {
    this.n += 1;
    const delta = x - this.mean;
    this.mean += delta / this.n;
    this.m2 += delta * (x - this.mean);
  }

  get variance() {
    return this.n > 1 ? this.m2 / (this.n - 1) : 0;
  }

  /** Half-width of the 99 % interval of the mean: 2.576·σ/√N. */
  halfWidth99(sigma = Math.sqrt(this.variance)) {
    return (Z_99 * sigma) / Math.sqrt(this.n);
  }
}
