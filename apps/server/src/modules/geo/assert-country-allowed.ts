import { eq } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { countries } from "@croupier/db/schema/dictionary";
import { AppError } from "../../lib/app-error.ts";
import { getProject } from "../dictionary/get-project.ts";

const nameOf = async (db: Db, iso2: string) => {
  const [row] = await db.select({ country: countries.country }).from(countries).where(eq(countries.iso2, iso2));
  return row?.country ?? iso2;
};

/**
 * The project's allowed_countries (empty = every country) for a sign-up: the country the form names
 * and the country the request comes from (proxy header or GeoIP; unknown is not held against the
 * player, see ADR 028). Refuses with a message naming the country, so the player knows why.
 */
export async function assertCountryAllowed(
  db: Db,
  input: { formCountryGuid: string | null; formField: string; visitorCountry: string | null },
): Promise<void> {
  const allowed = (await getProject(db)).allowed_countries.map((c) => c.toUpperCase());
  if (allowed.length === 0) return;
  if (input.formCountryGuid) {
    const [form] = await db
      .select({ iso2: countries.iso2, country: countries.country })
      .from(countries)
      .where(eq(countries.guid, input.formCountryGuid));
    if (form && !allowed.includes(form.iso2.toUpperCase()))
      throw new AppError("FORBIDDEN", `Sorry, we cannot open accounts for residents of ${form.country}.`, {
        fields: [{ field: input.formField, message: "is a country we cannot accept players from" }],
      });
  }
  if (input.visitorCountry && !allowed.includes(input.visitorCountry))
    throw new AppError("FORBIDDEN", `Sorry, sign-up is not available from ${await nameOf(db, input.visitorCountry)}.`);
}
