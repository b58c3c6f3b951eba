import { eq, sql } from "drizzle-orm";
import type { Db } from "../create-database.ts";
import { currencies, signupFieldSettings, users } from "../schema/index.ts";
import { deterministicGuid } from "./deterministic-guid.ts";

// Sign-up form defaults (/signup/fields). Operators change them afterwards; seeding never overwrites.
const SIGNUP_FIELDS: { field_name: string; is_displayed: boolean; is_required: boolean; can_be_fixed: boolean }[] = [
  { field_name: "email", is_displayed: true, is_required: true, can_be_fixed: false },
  { field_name: "password", is_displayed: true, is_required: true, can_be_fixed: false },
  { field_name: "currency_guid", is_displayed: true, is_required: true, can_be_fixed: true },
  { field_name: "country_guid", is_displayed: true, is_required: false, can_be_fixed: true },
  { field_name: "promo_code", is_displayed: true, is_required: false, can_be_fixed: true },
  { field_name: "opt_in_promo", is_displayed: true, is_required: false, can_be_fixed: true },
  { field_name: "first_name", is_displayed: false, is_required: false, can_be_fixed: true },
  { field_name: "last_name", is_displayed: false, is_required: false, can_be_fixed: true },
  { field_name: "phone", is_displayed: false, is_required: false, can_be_fixed: true },
  { field_name: "birthday", is_displayed: false, is_required: false, can_be_fixed: true },
  { field_name: "city", is_displayed: false, is_required: false, can_be_fixed: true },
  { field_name: "address", is_displayed: false, is_required: false, can_be_fixed: true },
  { field_name: "post_code", is_displayed: false, is_required: false, can_be_fixed: true },
];

export async function seedIdentity(db: Db): Promise<void> {
  await db
    .insert(signupFieldSettings)
    .values(SIGNUP_FIELDS.map((f, i) => ({ ...f, guid: deterministicGuid(`signup-field:${f.field_name}`), ordering: i })))
    .onConflictDoNothing();
}

export const DEMO_PLAYER = { email: "demo@example.com", password: "demo-password-1" } as const;

// argon2id m=19456,t=2,p=1 of DEMO_PLAYER.password, computed once so the db package needs no argon2 binding.
const DEMO_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$BIxqz++TVJ8upY+gly8Xeg$ivN9IruZsGJGaCS3TFZjqM/vfX2HGMIRoI52f4O5U+A";

/** The demo player (development and test seeds only): demo@example.com / demo-password-1, email approved. */
export async function seedIdentityDemo(db: Db): Promise<void> {
  const [usd] = await db.select({ guid: currencies.guid }).from(currencies).where(eq(currencies.is_default, true));
  await db
    .insert(users)
    .values({
      guid: deterministicGuid("user:demo"),
      email: DEMO_PLAYER.email,
      password_hash: DEMO_PASSWORD_HASH,
      first_name: "Demo",
      last_name: "Player",
      email_approved_at: sql`now()`,
      currency_guid: usd?.guid ?? null,
      default_currency_guid: usd?.guid ?? null,
    })
    .onConflictDoNothing();
}
