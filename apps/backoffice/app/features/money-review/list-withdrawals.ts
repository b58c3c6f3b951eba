import { queryOptions } from "@tanstack/react-query";
import {
  withdrawalReviewPage,
  type WithdrawalReviewPage,
  type WithdrawalReviewStatus,
} from "@croupier/contract/backoffice/money-review";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

export type WithdrawalFilters = { status: WithdrawalReviewStatus };

export const WITHDRAWALS_KEY = ["backoffice", "withdrawals"] as const;

/** GET /withdrawals: the review queue (in_review oldest first) or the decided ones, with risk signals. */
export async function listWithdrawals(
  p: GridParams<WithdrawalFilters>,
  signal?: AbortSignal,
): Promise<WithdrawalReviewPage> {
  const query = { status: p.filters.status, limit: p.limit, cursor: p.cursor ?? undefined };
  return (await staffApi().get("/withdrawals", { query, signal, schema: withdrawalReviewPage })).payload;
}

export const withdrawalsQueryOptions = (p: GridParams<WithdrawalFilters>) =>
  queryOptions({ queryKey: [...WITHDRAWALS_KEY, "list", p], queryFn: ({ signal }) => listWithdrawals(p, signal) });
