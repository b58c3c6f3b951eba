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
/** A second demo player, so two people can sit at one live table (browser tests of shared rounds). */
export const DEMO_PLAYER_2 = { email: "demo2@example.com", password: "demo-password-2" } as const;

// argon2id m=19456,t=2,p=1 of the demo passwords, computed once so the db package needs no argon2 binding.
const DEMO_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$BIxqz++TVJ8upY+gly8Xeg$ivN9IruZsGJGaCS3TFZjqM/vfX2HGMIRoI52f4O5U+A";
const DEMO_2_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$WWm9kuETX7oEB2BhBZLRGA$MtAuEQYUMlUy4nxjameYwwAxED/0l84wYqMUb2+G1uE";

/**
 * The demo players (development and test seeds only), email approved:
 * demo@example.com / demo-password-1 and demo2@example.com / demo-password-2.
 */
export async function seedIdentityDemo(db: Db): Promise<void> {
  const [usd] = await db.select({ guid: currencies.guid }).from(currencies).where(eq(currencies.is_default, true));
  const players = [
    { key: "user:demo", email: DEMO_PLAYER.email, password_hash: DEMO_PASSWORD_HASH, first_name: "Demo", last_name: "Player" },
    { key: "user:demo-2", email: DEMO_PLAYER_2.email, password_hash: DEMO_2_PASSWORD_HASH, first_name: "Second", last_name: "Player" },
  ];
  await db
    .insert(users)
    .values(
      players.map(({ key, ...player }) => ({
        guid: deterministicGuid(key),
        ...player,
        email_approved_at: sql`now()`,
        currency_guid: usd?.guid ?? null,
        default_currency_guid: usd?.guid ?? null,
      })),
    )
    .onConflictDoNothing();
}
