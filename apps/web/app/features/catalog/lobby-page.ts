import { queryOptions, useQuery } from "@tanstack/react-query";
import { ResponseError } from "@croupier/contract/api-client";
import { apiGet, type Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import type { DeviceKind, LobbyEntry, LobbySection } from "./catalog-types";
import { deviceQuery, toTile } from "./games";

/** GET /api/v1/edgesync/pages/{home|live|slots}: entries {tag, games}. A failed fetch is logged, nothing returned. */
export async function fetchLobbyPage(api: Api, section: LobbySection, device: DeviceKind, signal?: AbortSignal) {
  try {
    const entries = await apiGet<LobbyEntry[]>(api, `/api/v1/edgesync/pages/${section}`, {
      query: deviceQuery(device),
      signal,
    });
    return Array.isArray(entries) ? entries.map(toLobbyEntry) : [];
  } catch (error) {
    // A section the catalogue does not publish answers 404: that is "no games", not a fault.
    if (!(error instanceof ResponseError && error.status === 404)) console.warn(`lobby page ${section} failed`, error);
    return [];
  }
}

function toLobbyEntry(entry: LobbyEntry): LobbyEntry {
  return { tag: entry.tag, games: entry.games.map(toTile) };
}

export const lobbyPageQueryOptions = (api: Api, section: LobbySection, device: DeviceKind) =>
  queryOptions({
    queryKey: ["edgesync", "pages", section, device],
    queryFn: ({ signal }) => fetchLobbyPage(api, section, device, signal),
  });

export function useLobbyPage(section: LobbySection, device: DeviceKind, enabled = true) {
  return useQuery({ ...lobbyPageQueryOptions(useApi(), section, device), enabled, placeholderData: (previous) => previous });
}
