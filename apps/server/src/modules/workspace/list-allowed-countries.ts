import type { Country } from "@croupier/contract/entities/country";
import type { Db } from "@croupier/db/create-database";
import { getProject, type ProjectRow } from "../dictionary/get-project.ts";
import { listCountries } from "../dictionary/list-countries.ts";

/** The countries players may come from; the project's empty list means every country. */
export async function listAllowedCountries(db: Db, project?: ProjectRow): Promise<Country[]> {
  const settings = project ?? (await getProject(db));
  const allowed = settings.allowed_countries.map((c) => c.toUpperCase());
  return listCountries(db, { iso2: allowed.length ? allowed : undefined });
}
