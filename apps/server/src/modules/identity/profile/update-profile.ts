import { eq, sql } from "drizzle-orm";
import { countries, users } from "@croupier/db/schema/index";
import type { ProfileUpdateBody } from "@croupier/contract/entities/profile";
import { AppError } from "../../../lib/app-error.ts";
import type { IdentityServices } from "../identity-services.ts";
import { assertBirthday } from "../signup/sign-up.ts";

/**
 * Partial save: only fields present in the body change (either naming). Changing the phone
 * number drops its verification.
 */
export async function updateProfile(services: IdentityServices, userId: string, body: ProfileUpdateBody): Promise<void> {
  const { db } = services;
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
  const birthdayField = body.birthday !== undefined ? "body.birthday" : "body.date_of_birth";
  const birthday = body.birthday !== undefined ? body.birthday : body.date_of_birth;
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
  await db.update(users).set({ ...set, updated_at: sql`now()` }).where(eq(users.guid, userId));
}
