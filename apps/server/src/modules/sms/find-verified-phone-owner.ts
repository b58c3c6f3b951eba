import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { Phone } from "@croupier/contract/entities/profile";
import { queryRows } from "../../lib/sql-executor.ts";

/** The digits of a phone as stored (calling code and number), for comparing numbers written differently. */
export const phoneDigits = (phone: Phone) => `${phone.code}${phone.number}`.replace(/\D/g, "");

/**
 * The one active account whose verified phone is this number, or null: none, or several (a number
 * verified on two accounts logs in to neither; the owner uses the password or a mailed code).
 */
export async function findVerifiedPhoneOwner(db: Db, phone: Phone): Promise<string | null> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`SELECT guid FROM users
         WHERE is_phone_verified AND status = 'active' AND phone_number IS NOT NULL
           AND regexp_replace(coalesce(phone_code, '') || phone_number, '\\D', '', 'g') = ${phoneDigits(phone)}
         LIMIT 2`,
  );
  return rows.length === 1 ? rows[0]!.guid : null;
}
