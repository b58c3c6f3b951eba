import { z } from "zod";
import { PER_PAGE_MAX } from "../envelope.ts";
import { email, passwordInput } from "./auth.ts";

export const phone = z.object({
  /** Country calling code without "+": "44". */
  code: z.string().trim().regex(/^\d{1,4}$/, "must be 1 to 4 digits"),
  number: z.string().trim().regex(/^\d{4,15}$/, "must be 4 to 15 digits"),
});
export type Phone = z.infer<typeof phone>;

export const segment = z
  .object({
    guid: z.uuid(),
    name: z.string(),
    group_name: z.string(),
    fetch_interval: z.number().int(),
    data: z.unknown(),
  })
  .describe("Segment");
export type Segment = z.infer<typeof segment>;

export const customerStatus = z.enum(["active", "locked"]);
export const loginType = z.enum(["password", "magic_link", "provider"]);

const profileCommon = {
  id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  /** code may be empty when an old client sent the phone as one digit string. */
  phone: z.object({ code: z.string(), number: z.string() }).nullable(),
  gender: z.string().nullable(),
  /** ISO 3166-1 alpha-2 of the player's country. */
  country: z.string().nullable(),
  country_guid: z.uuid().nullable(),
  /** Currency code chosen at sign-up. */
  currency: z.string().nullable(),
  currency_guid: z.uuid().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  email_approved: z.boolean(),
  email_approved_at: z.string().nullable(),
  status: customerStatus,
  /** Why the account is locked; null when active. */
  status_reason: z.string().nullable(),
  is_verified: z.boolean(),
  is_phone_verified: z.boolean(),
  default_currency_pair: z.uuid().nullable(),
  default_currency: z.uuid().nullable(),
  segments: z.array(segment),
  passwordless: z.boolean(),
  login_type: loginType,
  pwa_installed: z.boolean(),
  pwa_opened: z.boolean(),
  tin: z.string().nullable(),
  billing_segments: z.array(z.string()),
  is_admin: z.boolean(),
};

/** GET /profile naming. birthday is a UTC ISO datetime. */
export const profile = z
  .object({
    ...profileCommon,
    birthday: z.string().nullable(),
    post_code: z.string().nullable(),
    opt_in_promo: z.boolean(),
  })
  .describe("Customer profile");
export type Profile = z.infer<typeof profile>;

/** GET /profile/new-registration/profile naming. */
export const newRegistrationProfile = z
  .object({
    ...profileCommon,
    date_of_birth: z.string().nullable(),
    postal_code: z.string().nullable(),
    opt_in_promotion: z.boolean(),
  })
  .describe("Customer profile (new-registration naming)");
export type NewRegistrationProfile = z.infer<typeof newRegistrationProfile>;

const name = z.string().trim().min(1, "is required").max(100);
const dateInput = z
  .string()
  .trim()
  .max(40)
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be a date (YYYY-MM-DD or ISO datetime)");

/**
 * Profile save (either naming accepted on both paths). Partial: only sent fields change.
 * null clears an optional field.
 */
export const profileUpdateBody = z
  .object({
    first_name: name.nullable(),
    last_name: name.nullable(),
    birthday: dateInput.nullable(),
    date_of_birth: dateInput.nullable(),
    gender: z.enum(["male", "female", "other"]).nullable(),
    city: z.string().trim().max(100).nullable(),
    address: z.string().trim().max(200).nullable(),
    post_code: z.string().trim().max(20).nullable(),
    postal_code: z.string().trim().max(20).nullable(),
    opt_in_promo: z.boolean(),
    opt_in_promotion: z.boolean(),
    phone: phone.nullable(),
    pwa_installed: z.boolean(),
    pwa_opened: z.boolean(),
    country_guid: z.uuid().nullable(),
    tin: z.string().trim().max(40).nullable(),
  })
  .partial()
  .strict();
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

/** POST /signup (old naming). Which optional fields are required comes from /signup/fields. */
export const signupBody = z.object({
  email,
  password: passwordInput,
  password_confirmation: z.string().max(1024).optional(),
  // Old clients send the phone as one string of digits, newer ones as {code, number}. The null sits on a member
  // so that OpenAPI 3.0 gets `nullable` beside a `type` (on the union it would be ignored).
  phone: z.union([phone, z.string().trim().max(20).nullable()]).optional(),
  currency_guid: z.uuid().optional().nullable(),
  country_guid: z.uuid().optional().nullable(),
  /** ISO 3166-1 alpha-2; used when country_guid is absent. */
  country_code: z.string().trim().max(4).optional().nullable(),
  promo_code: z.string().trim().max(64).optional().nullable(),
  first_name: name.optional().nullable(),
  last_name: name.optional().nullable(),
  city: z.string().trim().max(100).optional().nullable(),
  address: z.string().trim().max(200).optional().nullable(),
  birthday: dateInput.optional().nullable(),
  post_code: z.string().trim().max(20).optional().nullable(),
  b_tag: z.string().trim().max(200).optional().nullable(),
  /** Tracking id the visitor arrived with (?fid=), kept for attribution (issue #19). */
  fid: z.string().trim().max(200).optional().nullable(),
  opt_in_promo: z.boolean().optional().nullable(),
});
export type SignupBody = z.infer<typeof signupBody>;

/** POST /signup/new-registration/signup. */
export const newRegistrationSignupBody = z.object({
  email,
  password: passwordInput,
  password_confirmation: z.string().max(1024).optional(),
  phone: phone.optional().nullable(),
  currency_guid: z.uuid().optional().nullable(),
  country_guid: z.uuid().optional().nullable(),
  promocode: z.string().trim().max(64).optional().nullable(),
  first_name: name.optional().nullable(),
  last_name: name.optional().nullable(),
  city: z.string().trim().max(100).optional().nullable(),
  address: z.string().trim().max(200).optional().nullable(),
  date_of_birth: dateInput.optional().nullable(),
  postal_code: z.string().trim().max(20).optional().nullable(),
  b_tag: z.string().trim().max(200).optional().nullable(),
  /** Tracking id the visitor arrived with (?fid=), kept for attribution (issue #19). */
  fid: z.string().trim().max(200).optional().nullable(),
  opt_in_promotion: z.boolean().optional().nullable(),
});
export type NewRegistrationSignupBody = z.infer<typeof newRegistrationSignupBody>;

export const signupFieldSetting = z
  .object({
    guid: z.uuid(),
    project_guid: z.uuid(),
    is_displayed: z.boolean(),
    is_required: z.boolean(),
    /** Old-naming field name: email, password, phone, currency_guid, country_guid, birthday, … */
    field_name: z.string(),
    can_be_fixed: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .describe("Signup field setting");
export type SignupFieldSetting = z.infer<typeof signupFieldSetting>;

export const signupFieldsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(50),
});

const redirectUrl = z.string().max(2048).optional().nullable();
export const emailRequestBody = z.object({ email, redirect_url: redirectUrl });
export const tokenBody = z.object({ token: z.string().trim().min(1).max(256) });
export const passwordResetBody = z.object({ token: z.string().trim().min(1).max(256), new_password: passwordInput });
export const passwordUpdateBody = z.object({ current_password: passwordInput, new_password: passwordInput });
export const smsCodeVerifyBody = z.object({ code: z.string().trim().regex(/^\d{6}$/, "must be 6 digits") });
