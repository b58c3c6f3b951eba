import type { Phone } from "@croupier/contract/entities/profile";

/**
 * The phone the player typed, as the API takes it: the calling code without "+" and the national
 * number without a trunk "0" (07700 900123 in the UK is +44 7700 900123). Null when either part is
 * not a plausible number, with the reason keyed by field.
 */
export function parsePhoneInput(code: string, number: string): { phone: Phone } | { errors: Record<string, string> } {
  const codeDigits = code.replace(/\D/g, "");
  const numberDigits = number.replace(/\D/g, "").replace(/^0+/, "");
  const errors: Record<string, string> = {};
  if (!/^\d{1,4}$/.test(codeDigits)) errors.code = "Enter the country code, e.g. 44.";
  if (!/^\d{4,15}$/.test(numberDigits)) errors.number = "Enter your mobile number.";
  if (Object.keys(errors).length > 0) return { errors };
  return { phone: { code: codeDigits, number: numberDigits } };
}
