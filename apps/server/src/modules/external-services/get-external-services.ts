import type { ExternalServicesConfig } from "@croupier/contract/entities/external-services-config";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import { getProject } from "../dictionary/get-project.ts";
import { resolveExternalServices } from "./resolve-external-services.ts";

// Every page render needs the answer for its policy: read the settings once a minute, not per page.
// An operator's settings change reaches pages within this time; the environment needs a restart.
const CACHE_TTL_MS = 60_000;

type Entry = { at_ms: number; value: Promise<ExternalServicesConfig> };
// Per database and environment: two apps on one database (tests) may be configured differently.
const cache = new WeakMap<Db, WeakMap<Env, Entry>>();

/** The project's configured third-party services (settings, then environment), cached for a minute. */
export function getExternalServices(db: Db, env: Env): Promise<ExternalServicesConfig> {
  let perEnv = cache.get(db);
  if (!perEnv) cache.set(db, (perEnv = new WeakMap()));
  const hit = perEnv.get(env);
  if (hit && Date.now() - hit.at_ms < CACHE_TTL_MS) return hit.value;
  const value = getProject(db).then((project) => resolveExternalServices(project.external_services, env));
  perEnv.set(env, { at_ms: Date.now(), value });
  // A failed read (database down at boot) is not cached: the next page asks again.
  value.catch(() => perEnv.delete(env));
  return value;
}
