import type { SignupFieldSetting } from "@croupier/contract/entities/profile";
import { birthdayToUtcIso } from "./profile";
import { fieldRule } from "./signup-fields";

export type SignupValues = {
  email: string;
  password: string;
  currency_guid: string;
  country_guid: string;
  first_name: string;
  last_name: string;
  birthday: string;
  phone_code: string;
  phone_number: string;
  city: string;
  address: string;
  post_code: string;
  promo_code: string;
  opt_in_promo: boolean;
};

export const EMPTY_SIGNUP: SignupValues = {
  email: "",
  password: "",
  currency_guid: "",
  country_guid: "",
  first_name: "",
  last_name: "",
  birthday: "",
  phone_code: "",
  phone_number: "",
  city: "",
  address: "",
  post_code: "",
  promo_code: "",
  opt_in_promo: false,
};

const TEXT_FIELDS = ["first_name", "last_name", "city", "address", "post_code", "promo_code", "currency_guid", "country_guid"] as const;

/** POST /signup's body: only the displayed fields, empty ones left out, the birthday as a UTC ISO datetime. */
export function buildSignupBody(values: SignupValues, settings: SignupFieldSetting[], bTag: string | null): Record<string, unknown> {
  const shown = (name: string) => fieldRule(settings, name).displayed;
  const body: Record<string, unknown> = { email: values.email.trim(), password: values.password };
  for (const name of TEXT_FIELDS) {
    const value = values[name].trim();
    if (shown(name) && value) body[name] = value;
  }
  if (shown("birthday") && values.birthday) body.birthday = birthdayToUtcIso(values.birthday) ?? values.birthday;
  if (shown("phone") && (values.phone_code.trim() || values.phone_number.trim())) {
    body.phone = { code: values.phone_code.trim().replace(/^\+/, ""), number: values.phone_number.replace(/[\s-]/g, "") };
  }
  if (shown("opt_in_promo")) body.opt_in_promo = values.opt_in_promo;
  if (bTag) body.b_tag = bTag;
  return body;
}

/** Required displayed fields the player left empty ("is required", as the server words it). */
export function missingRequired(values: SignupValues, settings: SignupFieldSetting[]): Record<string, string> {
  const missing: Record<string, string> = {};
  const check = (name: string, present: boolean) => {
    if (fieldRule(settings, name).required && !present) missing[name] = "is required";
  };
  check("email", values.email.trim() !== "");
  check("password", values.password !== "");
  for (const name of TEXT_FIELDS) check(name, values[name].trim() !== "");
  check("birthday", values.birthday !== "");
  check("phone", values.phone_code.trim() !== "" && values.phone_number.trim() !== "");
  check("opt_in_promo", values.opt_in_promo);
  return missing;
}

/** Server field names ("phone.number", "date_of_birth") → the form's. */
export function signupErrorKey(field: string): string {
  if (field.startsWith("phone")) return "phone";
  if (field === "country_code") return "country_guid";
  return field;
}
