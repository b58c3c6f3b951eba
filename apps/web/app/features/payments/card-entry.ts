import { ResponseError } from "@croupier/contract/api-client";

/** Digits only, at most 19 (the longest card number): what is sent, never kept after the request. */
export function cardDigits(input: string): string {
  return input.replace(/\D/g, "").slice(0, 19);
}

/** "4242 4242 4242 4242": groups of four as the player types. */
export function formatCardNumber(input: string): string {
  return cardDigits(input).replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Luhn (mod 10) check of a 12–19 digit number, the same test the server applies. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export type CardDraft = { number: string; holder: string; month: string; year: string };
export type CardField = "card_number" | "cardholder_name" | "expiration_month" | "expiration_year";
export type CardErrors = Partial<Record<CardField, string>>;

/** Checks before sending; the server checks again (and asks the provider). */
export function validateCardDraft(draft: CardDraft, now: Date): CardErrors {
  const errors: CardErrors = {};
  const digits = cardDigits(draft.number);
  if (digits.length === 0) errors.card_number = "Enter the card number.";
  else if (!isLuhnValid(digits)) errors.card_number = "This card number is not valid. Check the digits.";
  const holder = draft.holder.trim();
  if (holder.length < 2 || holder.length > 100) errors.cardholder_name = "Enter the name as printed on the card.";
  const month = Number(draft.month);
  const year = Number(draft.year);
  if (!Number.isInteger(month) || month < 1 || month > 12) errors.expiration_month = "Choose the expiry month.";
  if (!Number.isInteger(year) || year < 2000 || year > 2100) errors.expiration_year = "Choose the expiry year.";
  else if (
    !errors.expiration_month &&
    (year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1))
  ) {
    errors.expiration_year = "This card has expired.";
  }
  return errors;
}

const FIELD_LABELS: Record<CardField, string> = {
  card_number: "Card number",
  cardholder_name: "Name on card",
  expiration_month: "Expiry month",
  expiration_year: "Expiry",
};

/** The server's field errors ("body.card_number": "was refused") as messages under the fields. */
export function cardFieldErrors(error: unknown): CardErrors {
  if (!(error instanceof ResponseError)) return {};
  const out: CardErrors = {};
  for (const { field, message } of error.fields) {
    const key = field.replace(/^body\./, "");
    if (!(key in FIELD_LABELS)) continue;
    const name = key as CardField;
    const text = `${FIELD_LABELS[name]} ${message}.`;
    out[name] = out[name] ? `${out[name]} ${text}` : text;
  }
  return out;
}
