import { useMutation, useQueryClient } from "@tanstack/react-query";
import { playerStatusResult, type PlayerStatusResult } from "@croupier/contract/backoffice/players";
import { staffApi } from "../../lib/staff-api";
import { playerQueryKey } from "./load-player";

export type StatusChange = { action: "lock"; reason: string } | { action: "unlock" };

/** POST /players/:id/lock {reason} or /unlock. */
export async function changePlayerStatus(playerId: string, change: StatusChange): Promise<PlayerStatusResult> {
  const url = `/players/${encodeURIComponent(playerId)}/${change.action}`;
  const body = change.action === "lock" ? { reason: change.reason } : {};
  return (await staffApi().post(url, { body, schema: playerStatusResult })).payload;
}

/** Lock or unlock; the player's whole page (status, sessions) reloads afterwards. */
export function useChangePlayerStatus(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => changePlayerStatus(playerId, change),
    onSettled: () => queryClient.invalidateQueries({ queryKey: playerQueryKey(playerId) }),
  });
}
