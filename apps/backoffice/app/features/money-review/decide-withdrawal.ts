import { useMutation, useQueryClient } from "@tanstack/react-query";
import { withdrawalDetail, type WithdrawalDetail } from "@croupier/contract/backoffice/money-review";
import { staffApi } from "../../lib/staff-api";
import { WITHDRAWALS_KEY } from "./list-withdrawals";

export type WithdrawalDecision = { id: string; action: "approve" } | { id: string; action: "decline"; reason: string };

/** POST /withdrawals/:id/approve (payout to the PSP) or /decline {reason} (cash back, player told). */
export async function decideWithdrawal(decision: WithdrawalDecision): Promise<WithdrawalDetail> {
  const url = `/withdrawals/${encodeURIComponent(decision.id)}/${decision.action}`;
  const body = decision.action === "decline" ? { reason: decision.reason } : undefined;
  return (await staffApi().post(url, { body, schema: withdrawalDetail })).payload;
}

/** Decide; the queue and the detail reload afterwards either way (a CONFLICT means someone else decided). */
export function useDecideWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideWithdrawal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WITHDRAWALS_KEY }),
  });
}
