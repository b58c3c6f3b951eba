/**
 * Money in the client stays a decimal string, as everywhere in Croupier. The few sums the UI
 * does itself (stake steps, net position, total of the chips on a board) run on bigint at a
 * fixed scale, so 0.1 + 0.2 is exactly 0.3 and no float ever touches an amount.
 */
const SCALE = 18;
const FACTOR = 10n ** BigInt(SCALE);
const DECIMAL_RE = /^([+-])?(\d{1,21})(?:\.(\d{1,18}))?$/;

export type Units = bigint;

export function isDecimal(value: string): boolean {
  return DECIMAL_RE.test(value.trim());
}

export function toUnits(value: string): Units {
  const match = DECIMAL_RE.exec(value.trim());
  if (!match) throw new Error(`not a decimal amount: ${value}`);
  const [, sign, whole = "0", fraction = ""] = match;
  const units = BigInt(whole) * FACTOR + BigInt(fraction.padEnd(SCALE, "0"));
  return sign === "-" ? -units : units;
}

/** The canonical string: no exponent, no trailing zeros beyond `minDecimals`. */
export function fromUnits(units: Units, minDecimals = 0): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / FACTOR;
  let fraction = (abs % FACTOR).toString().padStart(SCALE, "0").replace(/0+$/, "");
  if (fraction.length < minDecimals) fraction = fraction.padEnd(minDecimals, "0");
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return negative && abs !== 0n ? `-${text}` : text;
}

export function add(a: string, b: string): string {
  return fromUnits(toUnits(a) + toUnits(b));
}

export function sub(a: string, b: string): string {
  return fromUnits(toUnits(a) - toUnits(b));
}

export function mulInt(a: string, factor: number): string {
  if (!Number.isInteger(factor)) throw new Error("mulInt takes an integer factor");
  return fromUnits(toUnits(a) * BigInt(factor));
}

export function compare(a: string, b: string): -1 | 0 | 1 {
  const d = toUnits(a) - toUnits(b);
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

export function sum(values: readonly string[]): string {
  return fromUnits(values.reduce((total, v) => total + toUnits(v), 0n));
}

export function isZero(a: string): boolean {
  return toUnits(a) === 0n;
}

/** Rounds half away from zero to `decimals` places and groups thousands: "1,234.50". */
export function formatAmount(value: string, decimals = 2): string {
  const units = toUnits(value);
  const step = 10n ** BigInt(SCALE - Math.min(decimals, SCALE));
  const abs = units < 0n ? -units : units;
  const rounded = ((abs + step / 2n) / step) * step;
  const [whole = "0", fraction = ""] = fromUnits(rounded, decimals).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const text = decimals > 0 ? `${grouped}.${fraction.slice(0, decimals)}` : grouped;
  return units < 0n && rounded !== 0n ? `-${text}` : text;
}
