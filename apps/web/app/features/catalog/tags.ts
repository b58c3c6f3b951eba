import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, type Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import type { CatalogTag } from "./catalog-types";

/** GET /api/v1/edgesync/dictionary/tags. A failed load is logged and the list is empty (spec §8). */
export async function fetchTags(api: Api, signal?: AbortSignal): Promise<CatalogTag[]> {
  try {
    const tags = await apiGet<CatalogTag[]>(api, "/api/v1/edgesync/dictionary/tags", { signal });
    return Array.isArray(tags) ? tags : [];
  } catch (error) {
    console.warn("tags dictionary failed to load", error);
    return [];
  }
}

export const tagsQueryOptions = (api: Api) =>
  queryOptions({ queryKey: ["edgesync", "dictionary", "tags"], queryFn: ({ signal }) => fetchTags(api, signal) });

export function useTags() {
  return useQuery(tagsQueryOptions(useApi()));
}
