/**
 * Money as exact decimal strings, for every app: the server, the web app, the house games and
 * their client. An amount is a plain decimal string on the wire ("10", "0.000000000000000001")
 * and NUMERIC(38,18) in SQL. Where code must compute, it works on bigints of 10⁻¹⁸ ("units"),
 * never on JS numbers, which lose digits past ~15 significant figures (an 18-decimal ETH amount).
 *
 * No runtime imports: this file ends up in the browser bundles.
 */

/** Fraction digits of NUMERIC(38,18): the finest amount anything stores. */
export const MONEY_SCALE = 18;
/** Whole digits of NUMERIC(38,18). */
export const MAX_WHOLE_DIGITS = 20;

const ONE = 10n ** BigInt(MONEY_SCALE);
/** A read amount: a sign, one whole digit more than NUMERIC(38,18) (a sum of two stored amounts) and 18 fraction digits. */
const DECIMAL = /^(-)?(\d{1,21})(?:\.(\d{1,18}))?$/;
/** An amount a caller sends: no sign, exponent, spaces or leading zeros; at most 20 whole digits. */
const PLAIN_AMOUNT = /^(0|[1-9]\d{0,19})(\.\d{1,18})?$/;

/** An amount in 10⁻¹⁸ of its currency ("1.5" is 1_500_000_000_000_000_000n). */
export type Units = bigint;

/**
 * How a value is cut to fewer fraction digits, named as Intl.NumberFormat names them:
 * `halfExpand` rounds half away from zero (what a player is shown), `trunc` cuts towards zero
 * (what is paid or stored: never more than was won or held).
 */
export type Rounding = "halfExpand" | "trunc";

/** An exact rational factor; the house games' Fraction fits. */
export type Ratio = { readonly n: bigint; readonly d: bigint };

export type AmountCheck = { ok: true; value: string } | { ok: false; reason: string };

/** Fraction digits clamped to what NUMERIC(38,18) holds. */
function clampDecimals(decimals: number): number {
  return Math.max(0, Math.min(MONEY_SCALE, Math.trunc(decimals) || 0));
}

const abs = (units: bigint) => (units < 0n ? -units : units);

/** `numerator / denominator` (denominator > 0) as an integer, cut with `rounding`. */
function divide(numerator: bigint, denominator: bigint, rounding: Rounding): bigint {
  if (rounding === "trunc") return numerator / denominator;
  const magnitude = (2n * abs(numerator) + denominator) / (2n * denominator);
  return numerator < 0n ? -magnitude : magnitude;
}

/** True for a plain decimal string ("10", "-0.5", "12.50"): no exponent, grouping or spaces. */
export function isDecimal(value: unknown): value is string {
  return typeof value === "string" && DECIMAL.test(value);
}

/** "1.5" → 1_500_000_000_000_000_000n. Throws a RangeError for anything {@link isDecimal} refuses. */
export function toUnits(value: string): Units {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a decimal amount: ${String(value).slice(0, 64)}`);
  const units = BigInt(match[2]!) * ONE + BigInt((match[3] ?? "").padEnd(MONEY_SCALE, "0"));
  return match[1] ? -units : units;
}

/** The canonical string of `units`: no trailing fraction zeros beyond `minDecimals`, "-" only when not zero. */
export function fromUnits(units: Units, minDecimals = 0): string {
  const whole = abs(units) / ONE;
  const fraction = (abs(units) % ONE)
    .toString()
    .padStart(MONEY_SCALE, "0")
    .replace(/0+$/, "")
    .padEnd(clampDecimals(minDecimals), "0");
  const text = fraction ? `${whole}.${fraction}` : `${whole}`;
  return units < 0n ? `-${text}` : text;
}

/** `units` cut to `decimals` fraction digits. */
export function roundUnits(units: Units, decimals: number, rounding: Rounding): Units {
  const step = 10n ** BigInt(MONEY_SCALE - clampDecimals(decimals));
  return divide(units, step, rounding) * step;
}

/**
 * An amount with exactly `decimals` fraction digits and nothing else ("12.500000000000000000" →
 * "12.50" for a 2-decimal currency): the form the wire and the database take. "-" only when the
 * cut amount is not zero.
 */
export function toFixedAmount(value: string | Units, decimals: number, rounding: Rounding): string {
  const places = clampDecimals(decimals);
  const units = roundUnits(typeof value === "bigint" ? value : toUnits(value), places, rounding);
  const digits = (abs(units) / 10n ** BigInt(MONEY_SCALE - places)).toString().padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places);
  const text = places > 0 ? `${whole}.${digits.slice(digits.length - places)}` : whole;
  return units < 0n ? `-${text}` : text;
}

/**
 * An amount the way a player sees it (spec: en-US thousands separators, the currency's decimals
 * as both minimum and maximum fraction digits, rounded half away from zero as Intl.NumberFormat
 * does): "1234.5" → "1,234.50". null, undefined or a malformed value shows nothing.
 */
export function formatAmount(value: string | null | undefined, decimals: number): string {
  if (!isDecimal(value)) return "";
  const fixed = toFixedAmount(value, decimals, "halfExpand");
  return fixed.replace(
    /^(-?)(\d+)/,
    (_, sign: string, whole: string) => sign + whole.replace(/\B(?=(\d{3})+(?!\d))/g, ","),
  );
}

/**
 * Accepts an amount as a caller sends it: a non-negative plain decimal ("10", "0.5", "12.340")
 * with at most `decimals` fraction digits, trailing zeros included ("1.000" is not a USD amount).
 * No sign, exponent, spaces or leading zeros.
 */
export function checkAmount(value: unknown, decimals: number, options: { allowZero?: boolean } = {}): AmountCheck {
  if (typeof value !== "string") return { ok: false, reason: "must be a decimal string" };
  if (!PLAIN_AMOUNT.test(value)) return { ok: false, reason: "must be a plain non-negative decimal string" };
  if (fractionDigits(value) > decimals) return { ok: false, reason: `must have at most ${decimals} decimal places` };
  if (!options.allowZero && isZeroAmount(value)) return { ok: false, reason: "must be greater than zero" };
  return { ok: true, value };
}

/** Number of fraction digits written in a decimal string ("10.00" → 2, "10" → 0). */
export function fractionDigits(value: string): number {
  const dot = value.indexOf(".");
  return dot < 0 ? 0 : value.length - dot - 1;
}

/** True for a decimal string whose value is zero ("0", "0.00", "-0"). */
export function isZeroAmount(value: string): boolean {
  return isDecimal(value) && toUnits(value) === 0n;
}

/** Canonical form for comparisons: "10.50" and "10.5" are the same amount. A malformed value comes back as it is. */
export function canonicalAmount(value: string): string {
  return isDecimal(value) ? fromUnits(toUnits(value)) : value;
}

/** -1, 0 or 1 for a < b, a = b, a > b, by value ("0.1" equals "0.10"). */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 {
  const difference = toUnits(a) - toUnits(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
}

/** a + b, exactly, in canonical form: "1234.5" + "0.25" = "1234.75". */
export function addAmounts(a: string, b: string): string {
  return fromUnits(toUnits(a) + toUnits(b));
}

/** a − b, exactly, in canonical form. */
export function subtractAmounts(a: string, b: string): string {
  return fromUnits(toUnits(a) - toUnits(b));
}

/** The exact sum of the amounts, in canonical form ("0" for none). */
export function sumAmounts(values: readonly string[]): string {
  return fromUnits(values.reduce((total, value) => total + toUnits(value), 0n));
}

/** units × `by` (a decimal rate such as "1.5", or an exact ratio), cut to `decimals` with `rounding`. */
export function multiplyUnits(units: Units, by: string | Ratio, decimals: number, rounding: Rounding): Units {
  const ratio = typeof by === "string" ? { n: toUnits(by), d: ONE } : by;
  if (ratio.d === 0n) throw new RangeError("zero denominator");
  const sign = ratio.d < 0n ? -1n : 1n;
  const step = 10n ** BigInt(MONEY_SCALE - clampDecimals(decimals));
  return divide(units * ratio.n * sign, ratio.d * sign * step, rounding) * step;
}

/** value × `by`, cut to `decimals` with `rounding`, in canonical form ("2.5" × "3" = "7.5"). */
export function multiplyAmount(value: string, by: string | Ratio, decimals: number, rounding: Rounding): string {
  return fromUnits(multiplyUnits(toUnits(value), by, decimals, rounding));
}
