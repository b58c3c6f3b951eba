import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Country, ContinentCode } from "@croupier/contract/entities/country";
import type { Db } from "@croupier/db/create-database";
import { countries } from "@croupier/db/schema/dictionary";
import { getProject } from "./get-project.ts";

export type CountryFilter = {
  continent_code?: ContinentCode;
  /** Only these ISO alpha-2 codes; undefined means all. */
  iso2?: readonly string[];
};

// Sorted in JS so PGlite and PostgreSQL (different collations) answer in the same order.
const byName = new Intl.Collator("en", { sensitivity: "base" });

/** Countries as the contract's Country entity, sorted by English name. */
export async function listCountries(db: Db, filter: CountryFilter = {}): Promise<Country[]> {
  const project = await getProject(db);
  const conditions: SQL[] = [];
  if (filter.continent_code) conditions.push(eq(countries.continent_code, filter.continent_code));
  if (filter.iso2) {
    if (filter.iso2.length === 0) return [];
    conditions.push(inArray(countries.iso2, [...filter.iso2]));
  }
  const rows = await db
    .select()
    .from(countries)
    .where(conditions.length ? and(...conditions) : undefined);
  return rows
    .map((row) => ({
      guid: row.guid,
      project_guid: project.guid,
      external_guid: row.external_guid,
      // The project settings are the source of truth for the default country.
      is_default: row.iso2 === project.default_country_iso2,
      country: row.country,
      country_full_name: row.country_full_name,
      country_code: row.country_code,
      iso_codes: `${row.iso2}/${row.iso3}`,
      continent_code: row.continent_code as ContinentCode,
    }))
    .sort((a, b) => byName.compare(a.country, b.country));
}
