import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminTags, type AdminTag } from "@croupier/contract/backoffice/catalog-admin";
import { staffApi } from "../../lib/staff-api";

export const TAGS_KEY = ["backoffice", "catalog", "tags"] as const;

/** GET /catalog/tags: sections, then categories, in lobby order. */
export async function listCatalogTags(signal?: AbortSignal): Promise<AdminTag[]> {
  return (await staffApi().get("/catalog/tags", { signal, schema: adminTags })).payload;
}

export const catalogTagsQueryOptions = () =>
  queryOptions({ queryKey: TAGS_KEY, queryFn: ({ signal }) => listCatalogTags(signal) });
export const useCatalogTags = () => useQuery(catalogTagsQueryOptions());
