import { useMutation, useQueryClient } from "@tanstack/react-query";
import { endSessionsResult, type EndSessionsResult } from "@croupier/contract/backoffice/players";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

/** POST /players/:id/end-sessions. */
export async function endPlayerSessions(playerId: string): Promise<EndSessionsResult> {
  const url = `/players/${encodeURIComponent(playerId)}/end-sessions`;
  return (await staffApi().post(url, { body: {}, schema: endSessionsResult })).payload;
}

export function useEndPlayerSessions(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => endPlayerSessions(playerId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
