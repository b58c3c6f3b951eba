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

/**
 * The server's HTML carries the first rows' first tiles only (what the first screen shows at any
 * width: 6.6 tiles per row at the widest); the rest renders after hydration (issue #20: the home
 * page's HTML 142 KB -> under 60 KB, ADR 044).
 */
export const FIRST_PAINT_ROWS = 2;
export const FIRST_PAINT_TILES = 6;

/**
 * The page as the server's HTML ships it in the hydration payload: the first rows cut to the tiles
 * the markup shows, the others deferred. The data is the markup's and no more; the browser fetches
 * the whole page after hydration (the dehydrated query is marked stale).
 */
export function firstPaintRows(entries: LobbyEntry[]): LobbyEntry[] {
  return entries.map((entry, index) => {
    // A row reads its tag's guid and name only (the full tag is in the tags list).
    const tag = { guid: entry.tag.guid, name: entry.tag.name };
    return index < FIRST_PAINT_ROWS ? { tag, games: entry.games.slice(0, FIRST_PAINT_TILES) } : { tag, games: [], deferred: true };
  });
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
