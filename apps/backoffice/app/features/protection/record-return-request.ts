import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffExclusion, type StaffExclusion } from "@croupier/contract/entities/exclusions";
import { staffApi } from "../../lib/staff-api";
import { playerExclusionsKey } from "./list-player-exclusions";

/** POST /players/:id/exclusions/:exclusion_id/return {note} (gb): login reopens 24 hours later. */
export async function recordReturnRequest(
  playerId: string,
  exclusionId: string,
  note: string,
): Promise<StaffExclusion> {
  const url = `/players/${encodeURIComponent(playerId)}/exclusions/${encodeURIComponent(exclusionId)}/return`;
  return (await staffApi().post(url, { body: { note }, schema: staffExclusion })).payload;
}

export function useRecordReturnRequest(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { exclusionId: string; note: string }) =>
      recordReturnRequest(playerId, input.exclusionId, input.note),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerExclusionsKey(playerId) }),
  });
}
