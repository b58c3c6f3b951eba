import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  manualGrantResult,
  type ManualGrantInput,
  type ManualGrantResult,
} from "@croupier/contract/backoffice/bonuses";
import { staffApi } from "../../lib/staff-api";

/** POST /players/:id/bonuses: a manual grant, exactly once per idempotency key. */
export async function grantPlayerBonus(playerId: string, body: ManualGrantInput): Promise<ManualGrantResult> {
  return (
    await staffApi().post(`/players/${encodeURIComponent(playerId)}/bonuses`, { body, schema: manualGrantResult })
  ).payload;
}

export function useGrantPlayerBonus(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualGrantInput) => grantPlayerBonus(playerId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["backoffice", "player", playerId] }),
  });
}
