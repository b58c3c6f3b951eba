import type { ProjectSettings } from "@croupier/contract/entities/project-settings";
import type { Db } from "@croupier/db/create-database";
import type { ProjectRow } from "../dictionary/get-project.ts";
import { listAllowedCountries } from "./list-allowed-countries.ts";
import { listTags } from "../dictionary/list-tags.ts";

// Far more than the lobby ever has sections; the list is not paged.
const SYSTEM_TAGS_MAX = 50;

/** The settings the web app boots with for a project. */
export async function getProjectSettings(db: Db, project: ProjectRow): Promise<ProjectSettings> {
  const [allowed, systemTags] = await Promise.all([
    listAllowedCountries(db, project),
    listTags(db, { type: "system" }, { page: 1, per_page: SYSTEM_TAGS_MAX, offset: 0 }),
  ]);
  return {
    project_guid: project.guid,
    name: project.name,
    country_guids: allowed.map((c) => c.guid),
    allowed_countries: allowed.map((c) => c.iso_codes.slice(0, 2)),
    default_country: project.default_country_iso2,
    currency_convertion_policy: project.currency_convertion_policy,
    external_services: project.external_services,
    tags: systemTags.items,
  };
}
