import { sql } from "drizzle-orm";
import { PROMO_CODE_PATTERN } from "@croupier/contract/entities/promo-code";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { findPromoCode } from "./promo-code-sql.ts";

export type SignupPromoCheck = {
  /** As typed; upper-cased here. */
  code: string;
  email: string;
  countryGuid: string | null;
};

/**
 * Sign-up's promo code check (ADR 034): what can be known before the account exists. Answers the
 * field message ("has expired", …) or null when the code may be redeemed. Segments and the once-per-
 * player rule are checked when it is redeemed right after the account is created.
 */
export async function checkSignupPromoCode(db: Db, input: SignupPromoCheck): Promise<string | null> {
  const code = input.code.trim().toUpperCase();
  if (!PROMO_CODE_PATTERN.test(code)) return "is not valid";
  const row = await findPromoCode(db, code);
  if (!row) return "is not valid";
  if (row.status === "disabled") return "is no longer valid";
  if (row.not_started) return "is not valid yet";
  if (row.ended) return "has expired";
  if (row.used_up) return "has already been used up";
  if (!row.campaign_running) return "is not available now";
  if (row.email !== null && row.email !== input.email.trim().toLowerCase()) return "is not available for this email";
  if (row.country_codes.length > 0) {
    const [country] = await queryRows<{ iso2: string }>(db, sql`SELECT iso2 FROM countries WHERE guid = ${input.countryGuid}::uuid`);
    if (!country || !row.country_codes.includes(country.iso2)) return "is not available in your country";
  }
  return null;
}
