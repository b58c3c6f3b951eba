import type { PhoneCode } from "@croupier/contract/entities/phone-code";
import type { Db } from "@croupier/db/create-database";
import { listCountries } from "./list-countries.ts";

/** One entry per (phone code, country), sorted by code then country; optionally only one code. */
export async function listPhoneCodes(db: Db, filter: { code?: string } = {}): Promise<PhoneCode[]> {
  const countries = await listCountries(db);
  const entries = countries.flatMap((c) =>
    c.country_code
      .split(",")
      .map((code) => code.trim())
      .filter((code) => code.length > 0 && (!filter.code || code === filter.code))
      .map((code) => ({ code, country_guid: c.guid, iso: c.iso_codes.slice(0, 2), country: c.country })),
  );
  // countries are already in name order and the sort is stable.
  return entries.sort((a, b) => Number(a.code) - Number(b.code));
}
