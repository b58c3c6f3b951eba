import { eq, sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { countries, currencies, segments, userSegments, users } from "@croupier/db/schema/index";
import type { NewRegistrationProfile, Profile, Segment } from "@croupier/contract/entities/profile";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows } from "../../../lib/sql-executor.ts";
import { billingSegmentsSql } from "../../payments/payment-lookups.ts";
import { iso } from "../shared/secrets.ts";
import { findExclusionInForce } from "../../responsible-gaming/exclusions/find-exclusion-in-force.ts";

export type UserRow = typeof users.$inferSelect;

const segmentColumns = {
  guid: segments.guid,
  name: segments.name,
  group_name: segments.group_name,
  fetch_interval: segments.fetch_interval,
  data: segments.data,
};

const ownSegments = (db: Db, userId: string): Promise<Segment[]> =>
  db
    .select(segmentColumns)
    .from(userSegments)
    .innerJoin(segments, eq(segments.guid, userSegments.segment_guid))
    .where(eq(userSegments.user_guid, userId))
    .limit(100);

/** GET /segments: the player's own segments, or the default ones when they have none. */
export async function loadSegments(db: Db, userId: string): Promise<Segment[]> {
  const own = await ownSegments(db, userId);
  if (own.length > 0) return own;
  return db.select(segmentColumns).from(segments).where(eq(segments.is_default, true)).limit(100);
}

export async function loadUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.guid, userId));
  if (!user) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  return user;
}

/** The profile in the /profile naming. */
export async function loadProfile(db: Db, userId: string): Promise<Profile> {
  const user = await loadUser(db, userId);
  const [country] = user.country_guid
    ? await db.select({ iso2: countries.iso2 }).from(countries).where(eq(countries.guid, user.country_guid))
    : [];
  const [currency] = user.currency_guid
    ? await db.select({ code: currencies.code }).from(currencies).where(eq(currencies.guid, user.currency_guid))
    : [];
  const segmentRows = await ownSegments(db, userId);
  // The hand-set billing segments plus those the player's segments link to (issue #18).
  const [billing] = await queryRows<{ billing_segments: string[] }>(
    db,
    sql`SELECT ${billingSegmentsSql} AS billing_segments FROM users u WHERE u.guid = ${userId}::uuid`,
  );
  // Marketing stops during an exclusion (ADR 020); the stored consent is kept for after it.
  const excluded = user.opt_in_promo ? (await findExclusionInForce(db, userId)) !== null : false;
  return {
    id: user.guid,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone: user.phone_number ? { code: user.phone_code ?? "", number: user.phone_number } : null,
    gender: user.gender,
    country: country?.iso2 ?? null,
    country_guid: user.country_guid,
    currency: currency?.code ?? null,
    currency_guid: user.currency_guid,
    post_code: user.post_code,
    city: user.city,
    address: user.address,
    birthday: iso(user.birthday),
    email_approved: user.email_approved_at !== null,
    email_approved_at: iso(user.email_approved_at),
    opt_in_promo: user.opt_in_promo && !excluded,
    status: user.status,
    status_reason: user.status === "locked" ? user.status_reason : null,
    is_verified: user.is_verified,
    is_phone_verified: user.is_phone_verified,
    default_currency_pair: user.default_currency_pair_guid,
    default_currency: user.default_currency_guid,
    segments: segmentRows,
    passwordless: user.passwordless,
    login_type: user.login_type,
    pwa_installed: user.pwa_installed,
    pwa_opened: user.pwa_opened,
    tin: user.tin,
    billing_segments: billing?.billing_segments ?? user.billing_segments,
    is_admin: user.is_admin,
  };
}

/** The same profile in the new-registration naming. */
export function toNewRegistrationProfile(profile: Profile): NewRegistrationProfile {
  const { birthday, post_code, opt_in_promo, ...rest } = profile;
  return { ...rest, date_of_birth: birthday, postal_code: post_code, opt_in_promotion: opt_in_promo };
}
