import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adjustment, type Adjustment, type CreateAdjustmentInput } from "@croupier/contract/backoffice/money-review";
import { staffApi } from "../../lib/staff-api";
import { ADJUSTMENTS_KEY } from "./list-adjustments";

/** POST /adjustments: applied at once at or below the approval threshold, otherwise pending a second approver. */
export async function createAdjustment(input: CreateAdjustmentInput): Promise<Adjustment> {
  return (await staffApi().post("/adjustments", { body: input, schema: adjustment })).payload;
}

/** Request an adjustment; the adjustments lists and the player's page (balances) reload afterwards. */
export function useCreateAdjustment(playerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdjustment,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_KEY });
      // The player page's queries (features/players: ["backoffice", "player", id, …]) show the new balances.
      await queryClient.invalidateQueries({ queryKey: ["backoffice", "player", playerId] });
    },
  });
}
