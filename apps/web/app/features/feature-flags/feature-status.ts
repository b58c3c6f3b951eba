import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, type Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import type { FeatureName } from "./feature-names";
import { hasSegmentCookie } from "./segment-cookie";

/**
 * GET /api/feature-status?feature=…: truthy payload = on. A failed check counts as off. In the
 * browser only with a segment_name cookie (seed); the server render's request always has one
 * (root middleware), and its own cookie header travels with the in-process call.
 */
export async function fetchFeatureStatus(api: Api, feature: FeatureName, userId?: string | null, signal?: AbortSignal) {
  if (typeof document !== "undefined" && !hasSegmentCookie(document.cookie)) return false;
  try {
    const payload = await apiGet<unknown>(api, "/api/feature-status", {
      query: { feature, userId: userId ?? undefined },
      signal,
    });
    return Boolean(payload);
  } catch (error) {
    console.warn(`feature check ${feature} failed; treating it as off`, error);
    return false;
  }
}

/** Cached per feature for the life of the page. */
export const featureStatusQueryOptions = (api: Api, feature: FeatureName, userId?: string | null) =>
  queryOptions({
    queryKey: ["feature-status", feature, userId ?? null],
    queryFn: ({ signal }) => fetchFeatureStatus(api, feature, userId, signal),
    staleTime: Infinity,
  });

export function useFeatureStatus(feature: FeatureName, userId?: string | null) {
  return useQuery(featureStatusQueryOptions(useApi(), feature, userId));
}
