import type { Api } from "../../lib/api-get";
import { fetchFeatureStatus } from "./feature-status";
import { FEATURE_NAMES, type FeatureFlags, type FeatureName } from "./feature-names";

const CACHE_MS = 30_000;
const cache = new Map<string, { value: boolean; expires: number }>();

/** Public runtime config: PUBLIC_FEATURE_BONUS_HUB=true|false pins a flag without asking the API. */
export function runtimeFlag(feature: FeatureName, env: Record<string, string | undefined> = process.env): boolean | undefined {
  const raw = env[`PUBLIC_FEATURE_${feature.toUpperCase().replace(/-/g, "_")}`]?.trim().toLowerCase();
  if (raw === "true" || raw === "1" || raw === "on") return true;
  if (raw === "false" || raw === "0" || raw === "off") return false;
  return undefined;
}

/**
 * Every flag for the root loader: runtime config first, then the feature-status call.
 * Answers are cached per feature (and player) for 30 s so a page render costs no API calls.
 */
export async function resolveFeatureFlags(api: Api, userId: string | null): Promise<FeatureFlags> {
  const now = Date.now();
  const entries = await Promise.all(
    FEATURE_NAMES.map(async (feature) => {
      const pinned = runtimeFlag(feature);
      if (pinned !== undefined) return [feature, pinned] as const;
      const key = `${feature}:${userId ?? ""}`;
      const hit = cache.get(key);
      if (hit && hit.expires > now) return [feature, hit.value] as const;
      const value = await fetchFeatureStatus(api, feature, userId);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { value, expires: now + CACHE_MS });
      return [feature, value] as const;
    }),
  );
  return Object.fromEntries(entries) as FeatureFlags;
}
