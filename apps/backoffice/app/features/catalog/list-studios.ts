import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminStudios, type AdminStudio } from "@croupier/contract/backoffice/catalog-admin";
import { staffApi } from "../../lib/staff-api";

export const STUDIOS_KEY = ["backoffice", "catalog", "studios"] as const;

/** GET /catalog/studios: every studio, enabled or not. */
export async function listStudios(signal?: AbortSignal): Promise<AdminStudio[]> {
  return (await staffApi().get("/catalog/studios", { signal, schema: adminStudios })).payload;
}

export const studiosQueryOptions = () =>
  queryOptions({ queryKey: STUDIOS_KEY, queryFn: ({ signal }) => listStudios(signal) });
export const useStudios = () => useQuery(studiosQueryOptions());
