import { projectSettings } from "@croupier/db/schema/index";
import type { Db } from "@croupier/db/create-database";

/** The project's default country (ISO alpha-2), used when no trusted proxy tells us the visitor's. */
export async function defaultCountry(db: Db): Promise<string | null> {
  const [row] = await db.select({ iso2: projectSettings.default_country_iso2 }).from(projectSettings).limit(1);
  return row?.iso2 ?? null;
}
