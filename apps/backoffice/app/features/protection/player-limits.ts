import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  setLimitResult,
  staffPlayerLimits,
  type SetLimitResult,
  type StaffPlayerLimits,
  type StaffSetLimitBody,
} from "@croupier/contract/entities/limits";
import { staffApi } from "../../lib/staff-api";

const url = (playerId: string) => `/players/${encodeURIComponent(playerId)}/limits`;
export const playerLimitsKey = (playerId: string) => ["backoffice", "player-limits", playerId] as const;

/** GET /players/:id/limits: limits with usage, pending changes, history and wallet currencies. */
export async function loadPlayerLimits(playerId: string, signal?: AbortSignal): Promise<StaffPlayerLimits> {
  return (await staffApi().get(url(playerId), { signal, schema: staffPlayerLimits })).payload;
}

export const playerLimitsQueryOptions = (playerId: string) =>
  queryOptions({ queryKey: playerLimitsKey(playerId), queryFn: ({ signal }) => loadPlayerLimits(playerId, signal) });

export const usePlayerLimits = (playerId: string) => useQuery(playerLimitsQueryOptions(playerId));

/** PUT /players/:id/limits: a stricter limit on the player's behalf (protection.manage, audited). */
export async function setPlayerLimit(playerId: string, body: StaffSetLimitBody): Promise<SetLimitResult> {
  return (await staffApi().put(url(playerId), { body, schema: setLimitResult })).payload;
}

export function useSetPlayerLimit(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StaffSetLimitBody) => setPlayerLimit(playerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerLimitsKey(playerId) }),
  });
}
