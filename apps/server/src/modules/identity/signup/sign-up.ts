import { and, eq, sql } from "drizzle-orm";
import { countries, currencies, signupFieldSettings, users } from "@croupier/db/schema/index";
import type { FieldError } from "@croupier/contract/envelope";
import type { NewRegistrationSignupBody, Phone, SignupBody } from "@croupier/contract/entities/profile";
import { AppError } from "../../../lib/app-error.ts";
import type { IdentityServices } from "../identity-services.ts";
import { hashPassword } from "../password/hash-password.ts";
import { passwordPolicyIssues } from "@croupier/contract/entities/auth";
import { sendEmailApproval } from "./email-approval.ts";
import { assertNotSelfExcluded } from "../../uk-profile/assert-not-self-excluded.ts";
import type { RegisterPerson } from "../../uk-profile/self-exclusion-register.ts";
import { assertCountryAllowed } from "../../geo/assert-country-allowed.ts";
import { playerAttribution } from "@croupier/db/schema/platform-rules";
import { grantRegistrationBonuses } from "../../bonuses/engine/grant-registration-bonuses.ts";
import { checkSignupPromoCode } from "../../promo-codes/check-signup-promo-code.ts";
import { redeemSignupPromoCode } from "../../promo-codes/redeem-signup-promo-code.ts";
import { assertPromoNotLocked, countPromoFailure, promoAttemptKeys } from "../../promo-codes/promo-attempt-limits.ts";

/** Both sign-up namings folded into one. Keys are the /signup/fields names (old naming). */
export type SignupInput = {
  email: string;
  password: string;
  password_confirmation?: string;
  phone?: Phone | null;
  currency_guid?: string | null;
  country_guid?: string | null;
  country_code?: string | null;
  promo_code?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  city?: string | null;
  address?: string | null;
  birthday?: string | null;
  post_code?: string | null;
  b_tag?: string | null;
  opt_in_promo?: boolean | null;
  /** Tracking id from the landing address (?fid=), kept for attribution (issue #19). */
  fid?: string | null;
};

/** Where the sign-up comes from: the visitor's country by proxy header or GeoIP (null = unknown). */
export type SignupOrigin = {
  visitorCountry: string | null;
  /** The client address (ADR 015): refused promo codes count against it (ADR 034). */
  clientAddress?: string | null;
};

// Where each old-naming field came from in the new-registration body, for field errors.
const NEW_NAMES: Record<string, string> = {
  promo_code: "promocode",
  birthday: "date_of_birth",
  post_code: "postal_code",
  opt_in_promo: "opt_in_promotion",
};

export function fromOldSignup(body: SignupBody): SignupInput {
  const { phone, ...rest } = body;
  let parsedPhone: Phone | null = null;
  if (typeof phone === "string" && phone) {
    // "+44 7700 900123" style: the country code cannot be split off reliably, so the whole
    // digit string goes into number unless a country dictionary code prefixes it (resolved later).
    const digits = phone.replace(/\D/g, "");
    parsedPhone = { code: "", number: digits };
  } else if (phone && typeof phone === "object") parsedPhone = phone;
  return { ...rest, phone: parsedPhone };
}

export function fromNewSignup(body: NewRegistrationSignupBody): SignupInput {
  const { promocode, date_of_birth, postal_code, opt_in_promotion, ...rest } = body;
  return { ...rest, promo_code: promocode, birthday: date_of_birth, post_code: postal_code, opt_in_promo: opt_in_promotion };
}

const present = (v: unknown) => v !== undefined && v !== null && v !== "";

export const toUtcIso = (value: string) => {
  // A bare date is a calendar day: midnight UTC, not midnight wherever the server runs.
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00.000Z`) : new Date(value);
  return date.toISOString();
};

export function assertBirthday(value: string, field: string): string {
  const date = new Date(toUtcIso(value));
  const now = new Date();
  const adult = new Date(Date.UTC(now.getUTCFullYear() - 18, now.getUTCMonth(), now.getUTCDate()));
  if (date.getUTCFullYear() < 1900 || date > now)
    throw new AppError("VALIDATION_ERROR", "Please enter a real date of birth.", { fields: [{ field, message: "is not a real date of birth" }] });
  if (date > adult)
    throw new AppError("VALIDATION_ERROR", "You must be at least 18 years old.", { fields: [{ field, message: "must be at least 18 years ago" }] });
  return date.toISOString();
}

const registerPerson = (input: SignupInput, birthday: string | null): RegisterPerson => ({
  email: input.email,
  first_name: input.first_name ?? null,
  last_name: input.last_name ?? null,
  date_of_birth: birthday?.slice(0, 10) ?? null,
  postcode: input.post_code ?? null,
  mobile: input.phone?.number ? `+${input.phone.code ?? ""}${input.phone.number}` : null,
});

/**
 * Creates the account (validated against /signup/fields and the dictionaries) and mails the
 * email-approval link. Returns the new user's guid.
 */
export async function signUp(
  services: IdentityServices,
  input: SignupInput,
  naming: "old" | "new",
  origin: SignupOrigin = { visitorCountry: null },
): Promise<string> {
  const { db } = services;
  const name = (field: string) => `body.${naming === "new" ? (NEW_NAMES[field] ?? field) : field}`;
  const fields: FieldError[] = [];

  const settings = await db.select().from(signupFieldSettings);
  for (const setting of settings) {
    if (!setting.is_required || !setting.is_displayed) continue;
    const value = (input as Record<string, unknown>)[setting.field_name];
    if (setting.field_name === "opt_in_promo" ? value !== true : !present(value))
      fields.push({ field: name(setting.field_name), message: "is required" });
  }
  for (const message of passwordPolicyIssues(input.password, input.email)) fields.push({ field: name("password"), message });
  if (input.password_confirmation !== undefined && input.password_confirmation !== input.password)
    fields.push({ field: name("password_confirmation"), message: "does not match the password" });

  let currencyGuid = input.currency_guid ?? null;
  if (currencyGuid) {
    const [currency] = await db
      .select({ guid: currencies.guid })
      .from(currencies)
      .where(and(eq(currencies.guid, currencyGuid), eq(currencies.registration, true)));
    if (!currency) fields.push({ field: name("currency_guid"), message: "is not a currency offered at registration" });
  } else {
    const [fallback] = await db.select({ guid: currencies.guid }).from(currencies).where(eq(currencies.is_default, true));
    currencyGuid = fallback?.guid ?? null;
  }
  let countryGuid = input.country_guid ?? null;
  if (countryGuid) {
    const [country] = await db.select({ guid: countries.guid }).from(countries).where(eq(countries.guid, countryGuid));
    if (!country) fields.push({ field: name("country_guid"), message: "is not a known country" });
  } else if (input.country_code) {
    const [country] = await db
      .select({ guid: countries.guid })
      .from(countries)
      .where(eq(countries.iso2, input.country_code.toUpperCase()));
    if (!country) fields.push({ field: name("country_code"), message: "is not a known country code" });
    countryGuid = country?.guid ?? null;
  }
  let birthday: string | null = null;
  if (input.birthday) {
    try {
      birthday = assertBirthday(input.birthday, name("birthday"));
    } catch (error) {
      if (error instanceof AppError && error.fields) fields.push(...error.fields);
      else throw error;
    }
  }
  // A promo code is checked now (a clear field error) and redeemed once the account exists (ADR 034).
  // Refusals count against the address like refused redemptions, so the form is no oracle for guessing codes.
  const promoCode = input.promo_code?.trim() || null;
  if (promoCode) {
    const keys = promoAttemptKeys({ playerGuid: null, address: origin.clientAddress ?? null });
    await assertPromoNotLocked(services.database, keys);
    const problem = await checkSignupPromoCode(db, { code: promoCode, email: input.email, countryGuid });
    if (problem) {
      await countPromoFailure(services.database, keys);
      fields.push({ field: name("promo_code"), message: problem });
    }
  }
  if (fields.length > 0) throw new AppError("VALIDATION_ERROR", fields.map((f) => `${f.field}: ${f.message}`).join("; "), { fields });
  // allowed_countries: the form's country and where the request comes from (issue #19, ADR 028).
  await assertCountryAllowed(db, {
    formCountryGuid: countryGuid,
    formField: name(input.country_guid ? "country_guid" : "country_code"),
    visitorCountry: origin.visitorCountry,
  });

  const [existing] = await db.select({ guid: users.guid }).from(users).where(eq(sql`lower(${users.email})`, input.email));
  const duplicate = () =>
    new AppError("CONFLICT", "An account with this email already exists. Log in or reset your password.", {
      fields: [{ field: name("email"), message: "is already registered" }],
    });
  if (existing) throw duplicate();
  // The national self-exclusion register where the profile requires it (gb, ADR 025), before anything is stored.
  await assertNotSelfExcluded(services, { person: registerPerson(input, birthday) }, "signup");

  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(users)
    .values({
      email: input.email,
      password_hash: passwordHash,
      first_name: input.first_name ?? null,
      last_name: input.last_name ?? null,
      phone_code: input.phone?.code || null,
      phone_number: input.phone?.number || null,
      currency_guid: currencyGuid,
      default_currency_guid: currencyGuid,
      country_guid: countryGuid,
      city: input.city ?? null,
      address: input.address ?? null,
      post_code: input.post_code ?? null,
      birthday,
      b_tag: input.b_tag ?? null,
      promo_code: promoCode?.toUpperCase() ?? null,
      opt_in_promo: input.opt_in_promo ?? false,
      login_type: "password",
    })
    // Two sign-ups racing for one address: the unique index decides, the loser gets the same clear error.
    .onConflictDoNothing()
    .returning({ guid: users.guid, email: users.email });
  const user = inserted[0];
  if (!user) throw duplicate();
  // Attribution is best kept, never a reason to refuse: the account exists either way.
  if (input.fid) await db.insert(playerAttribution).values({ user_guid: user.guid, fid: input.fid }).onConflictDoNothing();
  // Registration bonuses (ADR 031): the account exists either way, a failed grant is retried by no one but never blocks sign-up.
  await grantRegistrationBonuses(db, user.guid).catch(() => []);
  if (promoCode) await redeemSignupPromoCode(db, user.guid, promoCode);
  await sendEmailApproval(services, { userId: user.guid, email: user.email, redirectUrl: null });
  return user.guid;
}
