// Money arrives as decimal strings ("1234.5", "0.000000000000000001"). JS numbers lose digits past
// ~15 significant figures (an 18-decimal ETH amount), so sums and rounding work on scaled BigInts.

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;
/** Longer inputs are not money: NUMERIC(38,18) has at most 39 characters plus sign and point. */
const MAX_LENGTH = 64;

type Scaled = { units: bigint; scale: number };

function parse(value: string): Scaled {
  const match = value.length <= MAX_LENGTH ? DECIMAL.exec(value.trim()) : null;
  if (!match) throw new RangeError(`Not a decimal string: ${value.slice(0, 80)}`);
  const fraction = match[3] ?? "";
  const units = BigInt(match[2] + fraction);
  return { units: match[1] ? -units : units, scale: fraction.length };
}

function rescale({ units, scale }: Scaled, to: number): bigint {
  return to >= scale ? units * 10n ** BigInt(to - scale) : units / 10n ** BigInt(scale - to);
}

/** "-1234.50" from units and scale, every fraction digit kept. */
function toFixedString(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** True for a plain decimal string ("10", "-0.5"): what the API sends for money. */
export function isDecimalString(value: unknown): value is string {
  return typeof value === "string" && value.length <= MAX_LENGTH && DECIMAL.test(value);
}

/** a + b, exactly: "1234.5" + "0.25" = "1234.75". Trailing fraction zeros are dropped. */
export function addDecimals(a: string, b: string): string {
  const left = parse(a);
  const right = parse(b);
  const scale = Math.max(left.scale, right.scale);
  const sum = toFixedString(rescale(left, scale) + rescale(right, scale), scale);
  return scale > 0 ? sum.replace(/\.?0+$/, "") || "0" : sum;
}

/** Rounds half away from zero (as Intl.NumberFormat does by default) to `decimals` fraction digits. */
function roundTo(value: Scaled, decimals: number): bigint {
  if (decimals >= value.scale) return rescale(value, decimals);
  const divisor = 10n ** BigInt(value.scale - decimals);
  const magnitude = value.units < 0n ? -value.units : value.units;
  const rounded = (magnitude + divisor / 2n) / divisor;
  return value.units < 0n ? -rounded : rounded;
}

/**
 * An amount the way the player sees it: en-US thousands separators and exactly `decimals`
 * fraction digits (the currency's). null, undefined or a malformed value shows nothing.
 */
export function formatAmount(value: string | null | undefined, decimals: number): string {
  if (value === null || value === undefined || !isDecimalString(value)) return "";
  const places = Math.max(0, Math.min(18, Math.trunc(decimals)));
  const units = roundTo(parse(value), places);
  const text = toFixedString(units < 0n ? -units : units, places);
  const [whole = "0", fraction] = text.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const sign = units < 0n ? "-" : "";
  return fraction === undefined ? `${sign}${grouped}` : `${sign}${grouped}.${fraction}`;
}
