import { useMutation, useQueryClient } from "@tanstack/react-query";
import { exclusion, type Exclusion, type OperatorExclusionBody } from "@croupier/contract/entities/exclusions";
import { staffApi } from "../../lib/staff-api";

/** POST /players/:id/exclusions {reason, ends_at}: every session of the player ends at once. */
export async function applyOperatorExclusion(playerId: string, body: OperatorExclusionBody): Promise<Exclusion> {
  const url = `/players/${encodeURIComponent(playerId)}/exclusions`;
  return (await staffApi().post(url, { body, schema: exclusion })).payload;
}

export function useApplyOperatorExclusion(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OperatorExclusionBody) => applyOperatorExclusion(playerId, body),
    // The player's header (sessions, status) and the list both change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["backoffice", "player", playerId] }),
  });
}
