import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffExclusion, type StaffExclusion } from "@croupier/contract/entities/exclusions";
import { staffApi } from "../../lib/staff-api";
import { playerExclusionsKey } from "./list-player-exclusions";

/** POST /players/:id/exclusions/:exclusion_id/end {reason}: operator exclusions only. */
export async function endOperatorExclusion(
  playerId: string,
  exclusionId: string,
  reason: string,
): Promise<StaffExclusion> {
  const url = `/players/${encodeURIComponent(playerId)}/exclusions/${encodeURIComponent(exclusionId)}/end`;
  return (await staffApi().post(url, { body: { reason }, schema: staffExclusion })).payload;
}

export function useEndOperatorExclusion(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { exclusionId: string; reason: string }) =>
      endOperatorExclusion(playerId, input.exclusionId, input.reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: playerExclusionsKey(playerId) }),
  });
}
