import { queryOptions, useQuery } from "@tanstack/react-query";
import { staffRealityCheck, type StaffRealityCheck } from "@croupier/contract/entities/reality-check";
import { staffApi } from "../../lib/staff-api";

/** GET /players/:id/reality-check: the interval (or the jurisdiction's default) and the last answer. */
export async function loadPlayerRealityCheck(playerId: string, signal?: AbortSignal): Promise<StaffRealityCheck> {
  const url = `/players/${encodeURIComponent(playerId)}/reality-check`;
  return (await staffApi().get(url, { signal, schema: staffRealityCheck })).payload;
}

export const playerRealityCheckQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: ["backoffice", "player", playerId, "reality-check"],
    queryFn: ({ signal }) => loadPlayerRealityCheck(playerId, signal),
  });

export const usePlayerRealityCheck = (playerId: string) => useQuery(playerRealityCheckQueryOptions(playerId));
