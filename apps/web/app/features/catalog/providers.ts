import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiGet, type Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import type { CatalogProvider, DeviceKind } from "./catalog-types";
import { deviceQuery } from "./games";

/** GET /api/v1/edgesync/catalog/providers for the device (every section; the lobby filters by system tag). Failures are logged only. */
export async function fetchProviders(api: Api, device: DeviceKind, signal?: AbortSignal): Promise<CatalogProvider[]> {
  try {
    const providers = await apiGet<CatalogProvider[]>(api, "/api/v1/edgesync/catalog/providers", { query: deviceQuery(device), signal });
    return Array.isArray(providers)
      ? providers.map(({ guid, name, icon, ordering, system_tags }) => ({ guid, name, icon: icon ?? null, ordering, system_tags }))
      : [];
  } catch (error) {
    console.warn("providers failed to load", error);
    return [];
  }
}

export const providersQueryOptions = (api: Api, device: DeviceKind) =>
  queryOptions({ queryKey: ["edgesync", "providers", device], queryFn: ({ signal }) => fetchProviders(api, device, signal) });

export function useProviders(device: DeviceKind) {
  return useQuery({ ...providersQueryOptions(useApi(), device), placeholderData: (previous) => previous });
}
