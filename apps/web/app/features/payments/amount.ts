import { canonicalAmount, compareAmounts, formatAmount, MAX_WHOLE_DIGITS } from "@croupier/contract/money";

// Amounts the player types, checked before any call: the currency's decimals and the method's
// limits. Money stays a decimal string; the arithmetic is @croupier/contract/money's.

const PLAIN = /^(\d+)(?:\.(\d+))?$/;
/** Longer input is not an amount: 20 whole digits, a point, 18 fraction digits and a little slack for zeros. */
const MAX_LENGTH = 40;

/** "1,234.5" → "1234.5", " 10. " → "10": what a player types, as the plain string the API takes (or null). */
export function normaliseAmountInput(raw: string): string | null {
  const text = raw.trim().replace(/,/g, "").replace(/\.$/, "");
  if (!text || text.length > MAX_LENGTH || !PLAIN.test(text)) return null;
  const [whole = "0", fraction] = text.split(".");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  return fraction === undefined ? trimmedWhole : `${trimmedWhole}.${fraction}`;
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
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, error: "This amount is too large." };
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
  // Canonical by hand: trailing zeros past 18 places ("10.0000000000000000000") are still 10.
  const clean = significantFraction ? `${whole}.${significantFraction}` : whole;
  if (compareAmounts(clean, "0") !== 1) return { ok: false, error: "The amount must be more than zero." };
  if (rules.min !== null && compareAmounts(clean, rules.min) === -1)
    return { ok: false, error: `The minimum is ${canonicalAmount(rules.min)} ${rules.code}.` };
  if (rules.max !== null && compareAmounts(clean, rules.max) === 1)
    return { ok: false, error: `The maximum is ${canonicalAmount(rules.max)} ${rules.code}.` };
  if (rules.available != null && compareAmounts(clean, rules.available) === 1)
    return { ok: false, error: `You can withdraw at most your cash balance, ${canonicalAmount(rules.available)} ${rules.code}.` };
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
  valid.sort(compareAmounts);
  return valid.slice(0, limit);
}

/** A limit as a short label: grouped, trailing zeros dropped past two places ("10.000000" → "10.00", "0.00010000" → "0.0001"). */
export function formatLimit(value: string, decimals: number): string {
  const full = formatAmount(value, decimals);
  const [whole, fraction] = full.split(".");
  if (fraction === undefined) return full;
  const keep = Math.min(decimals, 2);
  const trimmed = fraction.replace(/0+$/, "");
  return `${whole}.${trimmed.length >= keep ? trimmed : fraction.slice(0, keep)}`;
}
