import { and, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { countries, users } from "@croupier/db/schema/index";
import type { ProfileUpdateBody } from "@croupier/contract/entities/profile";
import { AppError } from "../../../lib/app-error.ts";
import type { IdentityServices } from "../identity-services.ts";
import { assertBirthday, toUtcIso } from "../signup/sign-up.ts";
import { evaluatePlayerSegments } from "../../segments/evaluate-player-segments.ts";

/**
 * Partial save: only fields present in the body change (either naming). Changing the phone
 * number drops its verification. Country and date of birth are fixed once set (issue 13 item 4:
 * they decide which rules apply to the player, so the player cannot pick them): re-sending the
 * stored value is fine, any other value (null included) is refused naming the field. Staff will
 * change them through the back office (audited) or verification; neither exists yet.
 */
export async function updateProfile(services: IdentityServices, userId: string, body: ProfileUpdateBody): Promise<void> {
  const { db } = services;
  const birthdayField = body.birthday !== undefined ? "body.birthday" : "body.date_of_birth";
  const birthday = body.birthday !== undefined ? body.birthday : body.date_of_birth;
  // The value compared with the stored one (null: clearing, a change like any other).
  const newBirthday = birthday === undefined ? undefined : birthday === null ? null : toUtcIso(birthday);
  await assertFixedFieldsKept(services, userId, {
    country: body.country_guid,
    birthday: newBirthday,
    birthdayField,
  });
  const set: Partial<typeof users.$inferInsert> = {};
  if (body.first_name !== undefined) set.first_name = body.first_name;
  if (body.last_name !== undefined) set.last_name = body.last_name;
  if (body.gender !== undefined) set.gender = body.gender;
  if (body.city !== undefined) set.city = body.city || null;
  if (body.address !== undefined) set.address = body.address || null;
  if (body.tin !== undefined) set.tin = body.tin || null;
  if (body.pwa_installed !== undefined) set.pwa_installed = body.pwa_installed;
  if (body.pwa_opened !== undefined) set.pwa_opened = body.pwa_opened;
  const postCode = body.post_code !== undefined ? body.post_code : body.postal_code;
  if (postCode !== undefined) set.post_code = postCode || null;
  const optIn = body.opt_in_promo ?? body.opt_in_promotion;
  if (optIn !== undefined) set.opt_in_promo = optIn;
  if (birthday !== undefined) set.birthday = birthday === null ? null : assertBirthday(birthday, birthdayField);
  if (body.country_guid !== undefined) {
    if (body.country_guid) {
      const [country] = await db.select({ guid: countries.guid }).from(countries).where(eq(countries.guid, body.country_guid));
      if (!country)
        throw new AppError("VALIDATION_ERROR", "Unknown country.", { fields: [{ field: "body.country_guid", message: "is not a known country" }] });
    }
    set.country_guid = body.country_guid;
  }
  if (body.phone !== undefined) {
    const [current] = await db.select({ code: users.phone_code, number: users.phone_number }).from(users).where(eq(users.guid, userId));
    const changed = current?.code !== (body.phone?.code ?? null) || current?.number !== (body.phone?.number ?? null);
    set.phone_code = body.phone?.code ?? null;
    set.phone_number = body.phone?.number ?? null;
    if (changed) set.is_phone_verified = false;
  }
  if (Object.keys(set).length === 0) return;
  // The same rule again, in the statement that writes: two first-time saves racing cannot both win.
  const guards: SQL[] = [eq(users.guid, userId)];
  if (set.country_guid !== undefined) guards.push(or(isNull(users.country_guid), sql`${users.country_guid} IS NOT DISTINCT FROM ${set.country_guid}::uuid`)!);
  if (set.birthday !== undefined) guards.push(or(isNull(users.birthday), sql`${users.birthday} IS NOT DISTINCT FROM ${set.birthday}::timestamptz`)!);
  const updated = await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ ...set, updated_at: sql`now()` })
      .where(and(...guards))
      .returning({ guid: users.guid });
    // A country rule may now match or stop matching (issue #18): same transaction as the change.
    if (rows.length > 0 && set.country_guid !== undefined) await evaluatePlayerSegments(tx, userId);
    return rows;
  });
  if (updated.length === 0) {
    await assertFixedFieldsKept(services, userId, { country: body.country_guid, birthday: newBirthday, birthdayField });
  }
}

const COUNTRY_FIXED = "Your country can only be changed by support.";
const BIRTHDAY_FIXED = "Your date of birth can only be changed by support.";

/** Refuses (400, naming the fields) a change of a country or date of birth already set. */
async function assertFixedFieldsKept(
  services: IdentityServices,
  userId: string,
  input: { country: string | null | undefined; birthday: string | null | undefined; birthdayField: string },
): Promise<void> {
  if (input.country === undefined && input.birthday === undefined) return;
  // Compared in SQL: the same instant in any spelling is the same date of birth.
  const [stored] = await services.db
    .select({
      country: sql<boolean>`${users.country_guid} IS NOT NULL AND ${users.country_guid} IS DISTINCT FROM ${input.country ?? null}::uuid`,
      birthday: sql<boolean>`${users.birthday} IS NOT NULL AND ${users.birthday} IS DISTINCT FROM ${input.birthday ?? null}::timestamptz`,
    })
    .from(users)
    .where(eq(users.guid, userId));
  const fields: { field: string; message: string }[] = [];
  if (input.country !== undefined && stored?.country) fields.push({ field: "body.country_guid", message: COUNTRY_FIXED });
  if (input.birthday !== undefined && stored?.birthday) fields.push({ field: input.birthdayField, message: BIRTHDAY_FIXED });
  if (fields.length === 0) return;
  throw new AppError("VALIDATION_ERROR", fields.map((f) => f.message).join(" "), { fields });
}
