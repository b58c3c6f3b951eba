import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffExclusionList, type StaffExclusion } from "@croupier/contract/entities/exclusions";
import { staffApi } from "../../lib/staff-api";

export const playerExclusionsKey = (playerId: string) => ["backoffice", "player", playerId, "exclusions"] as const;

/** GET /players/:id/exclusions: time-outs, self-exclusions and operator exclusions, newest first. */
export async function listPlayerExclusions(playerId: string, signal?: AbortSignal): Promise<StaffExclusion[]> {
  const url = `/players/${encodeURIComponent(playerId)}/exclusions`;
  return (await staffApi().get(url, { signal, schema: staffExclusionList })).payload;
}

export const playerExclusionsQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: playerExclusionsKey(playerId),
    queryFn: ({ signal }) => listPlayerExclusions(playerId, signal),
  });

export const usePlayerExclusions = (playerId: string) => useQuery(playerExclusionsQueryOptions(playerId));
