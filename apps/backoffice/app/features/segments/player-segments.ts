import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { playerSegments, type PlayerSegments } from "@croupier/contract/backoffice/segments";
import { staffApi } from "../../lib/staff-api";

export const playerSegmentsKey = (playerId: string) => ["backoffice", "player", playerId, "segments"] as const;

/** GET /players/:id/segments: memberships with their source, and staff tags. */
export async function loadPlayerSegments(playerId: string, signal?: AbortSignal): Promise<PlayerSegments> {
  return (await staffApi().get(`/players/${encodeURIComponent(playerId)}/segments`, { signal, schema: playerSegments }))
    .payload;
}

export const playerSegmentsQueryOptions = (playerId: string) =>
  queryOptions({
    queryKey: playerSegmentsKey(playerId),
    queryFn: ({ signal }) => loadPlayerSegments(playerId, signal),
  });
export const usePlayerSegments = (playerId: string) => useQuery(playerSegmentsQueryOptions(playerId));

/** PUT or DELETE /players/:id/tags/:tag; the answer is the player's segments after re-evaluation. */
export async function setPlayerTag(playerId: string, tag: string, present: boolean): Promise<PlayerSegments> {
  const path = `/players/${encodeURIComponent(playerId)}/tags/${encodeURIComponent(tag)}`;
  const api = staffApi();
  return (
    present ? await api.put(path, { schema: playerSegments }) : await api.delete(path, { schema: playerSegments })
  ).payload;
}

export function useSetPlayerTag(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { tag: string; present: boolean }) => setPlayerTag(playerId, input.tag, input.present),
    onSuccess: (data) => queryClient.setQueryData(playerSegmentsKey(playerId), data),
  });
}
