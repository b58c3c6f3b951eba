/**
 * Exact decimal money for the provider: amounts are decimal strings on the
 * wire and bigints of 10⁻¹⁸ units inside (the platform stores NUMERIC(38,18)).
 * Payouts are floored to the currency's decimals, never rounded up.
 */
const SCALE = 18;
const ONE = 10n ** BigInt(SCALE);
const DECIMAL = /^(\d{1,20})(?:\.(\d{1,18}))?$/;

export type Units = bigint;

export function isDecimal(value: string): boolean {
  return DECIMAL.test(value);
}

export function toUnits(value: string): Units {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a decimal amount: ${value}`);
  const fraction = (match[2] ?? "").padEnd(SCALE, "0");
  return BigInt(match[1]!) * ONE + BigInt(fraction);
}

/** Number of fraction digits written in a decimal string ("10.00" → 2). */
export function fractionDigits(value: string): number {
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.length - dot - 1;
}

export function formatUnits(units: Units, decimals: number): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const step = 10n ** BigInt(SCALE - decimals);
  const truncated = abs / step;
  const whole = truncated / 10n ** BigInt(decimals);
  const fraction = truncated % 10n ** BigInt(decimals);
  const body = decimals === 0 ? whole.toString() : `${whole}.${fraction.toString().padStart(decimals, "0")}`;
  return negative && truncated !== 0n ? `-${body}` : body;
}

/** stake × multiplier (a decimal string), floored to `decimals`. */
export function multiply(stake: Units, multiplier: string, decimals: number): Units {
  const product = (stake * toUnits(multiplier)) / ONE;
  return floorTo(product, decimals);
}

export function floorTo(units: Units, decimals: number): Units {
  const step = 10n ** BigInt(SCALE - decimals);
  return (units / step) * step;
}

/** A multiplier from a JS number, floored to `digits` decimals (for published display only). */
export function multiplierString(value: number, digits = 4): string {
  const factor = 10 ** digits;
  return (Math.floor(value * factor + 1e-9) / factor).toFixed(digits);
}

/** units × a rational, floored to `decimals`. */
export function multiplyFraction(units: Units, fraction: { n: bigint; d: bigint }, decimals: number): Units {
  return floorTo((units * fraction.n) / fraction.d, decimals);
}
