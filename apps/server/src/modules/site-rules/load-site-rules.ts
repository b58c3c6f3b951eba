import { eq } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { siteRules } from "@croupier/db/schema/platform-rules";
import { getProject } from "../dictionary/get-project.ts";
import type { ActiveRule } from "./decide-navigation.ts";

export type SiteRulesSnapshot = { rules: ActiveRule[]; allowedCountries: string[] };

/**
 * Every page render consults the rules, so they are held in memory: reloaded after CACHE_MS, or at
 * once when this process changes them (invalidateSiteRules). Other instances pick a change up
 * within CACHE_MS; the back office says so.
 */
export const SITE_RULES_CACHE_MS = 30_000;

const caches = new WeakMap<Db, { snapshot: Promise<SiteRulesSnapshot>; loaded_at_ms: number }>();

export function invalidateSiteRules(db: Db): void {
  caches.delete(db);
}

export async function loadSiteRules(db: Db, now_ms = Date.now()): Promise<SiteRulesSnapshot> {
  const hit = caches.get(db);
  if (hit && now_ms - hit.loaded_at_ms < SITE_RULES_CACHE_MS) return hit.snapshot;
  const snapshot = readSnapshot(db);
  caches.set(db, { snapshot, loaded_at_ms: now_ms });
  // A failed read is not kept: the next render tries again.
  snapshot.catch(() => {
    if (caches.get(db)?.snapshot === snapshot) caches.delete(db);
  });
  return snapshot;
}

async function readSnapshot(db: Db): Promise<SiteRulesSnapshot> {
  const [rows, project] = await Promise.all([
    db
      .select({
        path_prefix: siteRules.path_prefix,
        kind: siteRules.kind,
        target: siteRules.target,
        ends_at: siteRules.ends_at,
        countries: siteRules.countries,
      })
      .from(siteRules)
      .where(eq(siteRules.enabled, true)),
    getProject(db),
  ]);
  return { rules: rows, allowedCountries: project.allowed_countries.map((c) => c.toUpperCase()) };
}
