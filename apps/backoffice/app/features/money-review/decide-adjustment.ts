import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adjustment, type Adjustment } from "@croupier/contract/backoffice/money-review";
import { staffApi } from "../../lib/staff-api";
import { ADJUSTMENTS_KEY } from "./list-adjustments";

export type AdjustmentDecision = { id: string; action: "approve" } | { id: string; action: "reject"; reason: string };

/** POST /adjustments/:id/approve (the money moves now) or /reject {reason}. */
export async function decideAdjustment(decision: AdjustmentDecision): Promise<Adjustment> {
  const url = `/adjustments/${encodeURIComponent(decision.id)}/${decision.action}`;
  const body = decision.action === "reject" ? { reason: decision.reason } : undefined;
  return (await staffApi().post(url, { body, schema: adjustment })).payload;
}

export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAdjustment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADJUSTMENTS_KEY }),
  });
}
