import { queryOptions, useQuery } from "@tanstack/react-query";
import { withdrawalDetail, type WithdrawalDetail } from "@croupier/contract/backoffice/money-review";
import { staffApi } from "../../lib/staff-api";
import { WITHDRAWALS_KEY } from "./list-withdrawals";

/** GET /withdrawals/:id: the row, its risk signals, the wallet's balances and the payment's history. */
export async function loadWithdrawal(id: string, signal?: AbortSignal): Promise<WithdrawalDetail> {
  return (await staffApi().get(`/withdrawals/${encodeURIComponent(id)}`, { signal, schema: withdrawalDetail })).payload;
}

export const withdrawalQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...WITHDRAWALS_KEY, "detail", id], queryFn: ({ signal }) => loadWithdrawal(id, signal) });

export const useWithdrawal = (id: string | null) =>
  useQuery({ ...withdrawalQueryOptions(id ?? ""), enabled: Boolean(id) });
