import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { cashbackPayoutRow, type CashbackPayoutRow } from "@croupier/contract/backoffice/cashback";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { CASHBACK_KEY } from "./list-cashback-campaigns";

export type CashbackPayoutFilters = { runGuid: string; status: "" | CashbackPayoutRow["status"] };

/** GET /cashback/runs/:run_guid/payouts, one page, largest loss first. */
export async function listCashbackPayouts(
  p: GridParams<CashbackPayoutFilters>,
  signal?: AbortSignal,
): Promise<GridPage<CashbackPayoutRow>> {
  const page = Number(p.cursor ?? 1);
  const { payload, metadata } = await staffApi().get<CashbackPayoutRow[], { total: number }>(
    `/cashback/runs/${encodeURIComponent(p.filters.runGuid)}/payouts`,
    {
      query: { page: String(page), per_page: String(p.limit), status: p.filters.status || undefined },
      signal,
      schema: z.array(cashbackPayoutRow),
    },
  );
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const cashbackPayoutsQueryOptions = (p: GridParams<CashbackPayoutFilters>) =>
  queryOptions({ queryKey: [...CASHBACK_KEY, "payouts", p], queryFn: ({ signal }) => listCashbackPayouts(p, signal) });
