/**
 * Money is a decimal string end to end; arithmetic happens in SQL. These
 * helpers only validate and format strings, they never compute amounts.
 */

const PLAIN_DECIMAL = /^(0|[1-9]\d{0,19})(\.\d{1,18})?$/;

export type AmountCheck = { ok: true; value: string } | { ok: false; reason: string };

/**
 * Accepts a non-negative plain decimal ("10", "0.5", "12.340") with at most
 * `decimals` fraction digits (trailing zeros beyond that are still refused:
 * "1.000" is not a valid USD amount). No sign, exponent, spaces or leading zeros.
 */
export function checkAmount(value: unknown, decimals: number, options: { allowZero?: boolean } = {}): AmountCheck {
  if (typeof value !== "string") return { ok: false, reason: "must be a decimal string" };
  if (!PLAIN_DECIMAL.test(value)) return { ok: false, reason: "must be a plain non-negative decimal string" };
  const fraction = value.split(".")[1] ?? "";
  if (fraction.length > decimals) return { ok: false, reason: `must have at most ${decimals} decimal places` };
  if (!options.allowZero && isZeroAmount(value)) return { ok: false, reason: "must be greater than zero" };
  return { ok: true, value };
}

export function isZeroAmount(value: string): boolean {
  return /^0(\.0*)?$/.test(value);
}

/** Canonical form for comparisons: "10.50" and "10.5" are the same amount. */
export function canonicalAmount(value: string): string {
  if (!value.includes(".")) return value;
  const trimmed = value.replace(/0+$/, "").replace(/\.$/, "");
  return trimmed === "" ? "0" : trimmed;
}

/**
 * A NUMERIC value from the database ("12.500000000000000000") shown with the
 * currency's decimals ("12.50"). Values in a wallet never carry more fraction
 * digits than the currency allows (every amount is checked on the way in), so
 * cutting the string loses nothing.
 */
export function formatAmount(value: string, decimals: number): string {
  const negative = value.startsWith("-");
  const [intPart = "0", fraction = ""] = (negative ? value.slice(1) : value).split(".");
  const body = decimals === 0 ? intPart : `${intPart}.${fraction.padEnd(decimals, "0").slice(0, decimals)}`;
  return negative && !isZeroAmount(body) ? `-${body}` : body;
}
