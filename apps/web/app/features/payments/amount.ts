// Amounts the player types, checked before any call: the currency's decimals and the method's
// limits. Money stays a decimal string; comparisons run on scaled BigInts, never JS numbers.

const PLAIN = /^(\d+)(?:\.(\d+))?$/;
/** NUMERIC(38,18): 20 integer digits and 18 fraction digits at most. */
const MAX_INTEGER_DIGITS = 20;
const MAX_LENGTH = 40;

type Scaled = { units: bigint; scale: number };

function parse(value: string): Scaled | null {
  const match = value.length <= MAX_LENGTH ? PLAIN.exec(value) : null;
  if (!match) return null;
  const fraction = match[2] ?? "";
  return { units: BigInt((match[1] ?? "0") + fraction), scale: fraction.length };
}

/** -1, 0 or 1 for a < b, a = b, a > b; null when either is not a plain decimal. */
export function compareDecimals(a: string, b: string): -1 | 0 | 1 | null {
  const left = parse(a);
  const right = parse(b);
  if (!left || !right) return null;
  const scale = Math.max(left.scale, right.scale);
  const l = left.units * 10n ** BigInt(scale - left.scale);
  const r = right.units * 10n ** BigInt(scale - right.scale);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** "1,234.5" → "1234.5", " 10. " → "10": what a player types, as the plain string the API takes (or null). */
export function normaliseAmountInput(raw: string): string | null {
  const text = raw.trim().replace(/,/g, "").replace(/\.$/, "");
  if (!text || text.length > MAX_LENGTH || !PLAIN.test(text)) return null;
  const [whole = "0", fraction] = text.split(".");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  return fraction === undefined ? trimmedWhole : `${trimmedWhole}.${fraction}`;
}

/** Drops trailing fraction zeros: "10.50" → "10.5", "10.00" → "10". */
export function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

export type AmountRules = {
  /** Fraction digits the currency allows. */
  decimals: number;
  /** Inclusive limits (decimal strings); null for none. */
  min: string | null;
  max: string | null;
  /** Withdrawals: the cash balance (never bonus money); the amount may not exceed it. */
  available?: string | null;
  code: string;
};

export type AmountCheck = { ok: true; value: string } | { ok: false; error: string };

/** The typed amount against the currency's decimals, the limits and (withdrawals) the cash balance. */
export function validateAmount(raw: string, rules: AmountRules): AmountCheck {
  if (!raw.trim()) return { ok: false, error: "Enter an amount." };
  const value = normaliseAmountInput(raw);
  if (value === null) return { ok: false, error: "Enter the amount as a number, such as 25 or 10.50." };
  const [whole = "", fraction = ""] = value.split(".");
  if (whole.length > MAX_INTEGER_DIGITS) return { ok: false, error: "This amount is too large." };
  const significantFraction = fraction.replace(/0+$/, "");
  if (significantFraction.length > rules.decimals) {
    return {
      ok: false,
      error:
        rules.decimals === 0
          ? `${rules.code} amounts are whole numbers.`
          : `${rules.code} amounts have at most ${rules.decimals} decimal ${rules.decimals === 1 ? "place" : "places"}.`,
    };
  }
  const clean = trimDecimal(value);
  if (compareDecimals(clean, "0") !== 1) return { ok: false, error: "The amount must be more than zero." };
  if (rules.min !== null && compareDecimals(clean, rules.min) === -1)
    return { ok: false, error: `The minimum is ${trimDecimal(rules.min)} ${rules.code}.` };
  if (rules.max !== null && compareDecimals(clean, rules.max) === 1)
    return { ok: false, error: `The maximum is ${trimDecimal(rules.max)} ${rules.code}.` };
  if (rules.available != null && compareDecimals(clean, rules.available) === 1)
    return { ok: false, error: `You can withdraw at most your cash balance, ${trimDecimal(rules.available)} ${rules.code}.` };
  return { ok: true, value: clean };
}

/**
 * The buttons above the amount field: the method's quick amounts that are valid for the currency
 * and inside the limits, without duplicates, smallest first, at most `limit` of them.
 */
export function quickAmounts(candidates: readonly string[], rules: Omit<AmountRules, "available">, limit = 4): string[] {
  const seen = new Set<string>();
  const valid: string[] = [];
  for (const candidate of candidates) {
    const check = validateAmount(candidate, rules);
    if (!check.ok || seen.has(check.value)) continue;
    seen.add(check.value);
    valid.push(check.value);
  }
  valid.sort((a, b) => compareDecimals(a, b) ?? 0);
  return valid.slice(0, limit);
}

/** "1234.5" → "1,234.50" for a 2-decimal currency (exact, half away from zero). */
export function formatMoney(value: string, decimals: number): string {
  const scaled = parse(value.startsWith("-") ? value.slice(1) : value);
  if (!scaled) return value;
  const places = Math.max(0, Math.min(18, Math.trunc(decimals)));
  let units = scaled.units;
  if (places < scaled.scale) {
    const divisor = 10n ** BigInt(scaled.scale - places);
    units = (units + divisor / 2n) / divisor;
  } else {
    units *= 10n ** BigInt(places - scaled.scale);
  }
  const digits = units.toString().padStart(places + 1, "0");
  const whole = digits.slice(0, digits.length - places).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = places > 0 ? `.${digits.slice(digits.length - places)}` : "";
  const sign = value.startsWith("-") && units !== 0n ? "-" : "";
  return `${sign}${whole}${fraction}`;
}

/** A limit as a short label: grouped, trailing zeros dropped past two places ("10.000000" → "10.00", "0.00010000" → "0.0001"). */
export function formatLimit(value: string, decimals: number): string {
  const full = formatMoney(value, decimals);
  const [whole, fraction] = full.split(".");
  if (fraction === undefined) return full;
  const keep = Math.min(decimals, 2);
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}.${trimmed.length >= keep ? trimmed : fraction.slice(0, keep)}`;
}
