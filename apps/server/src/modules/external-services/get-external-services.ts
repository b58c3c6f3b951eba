import type { ExternalServicesConfig } from "@croupier/contract/entities/external-services-config";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { getProject } from "../dictionary/get-project.ts";
import { resolveExternalServices } from "./resolve-external-services.ts";

// Every page render needs the answer for its policy: read the settings once a minute, not per page.
// An operator's settings change reaches pages within this time; the environment needs a restart.
const CACHE_TTL_MS = 60_000;

const cache = new WeakMap<Db, { at_ms: number; value: Promise<ExternalServicesConfig> }>();

/** The project's configured third-party services (settings, then environment), cached for a minute per database. */
export function getExternalServices(db: Db, env: Env): Promise<ExternalServicesConfig> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at_ms < CACHE_TTL_MS) return hit.value;
  const value = getProject(db).then((project) => resolveExternalServices(project.external_services, env));
  cache.set(db, { at_ms: Date.now(), value });
  // A failed read (database down at boot) is not cached: the next page asks again.
  value.catch(() => cache.delete(db));
  return value;
}
