import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffCancelResult, type StaffCancelResult } from "@croupier/contract/backoffice/bonuses";
import { staffApi } from "../../lib/staff-api";

/** POST /players/:id/bonuses/:guid/cancel: bonus money and its winnings are forfeited. */
export async function cancelPlayerBonus(playerId: string, guid: string, reason: string): Promise<StaffCancelResult> {
  return (
    await staffApi().post(`/players/${encodeURIComponent(playerId)}/bonuses/${encodeURIComponent(guid)}/cancel`, {
      body: { reason },
      schema: staffCancelResult,
    })
  ).payload;
}

export function useCancelPlayerBonus(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { guid: string; reason: string }) => cancelPlayerBonus(playerId, input.guid, input.reason),
    // The player's wallets change too (bonus money forfeited): renew everything under the player.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["backoffice", "player", playerId] }),
  });
}
