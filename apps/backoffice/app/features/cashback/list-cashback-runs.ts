import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { cashbackRunRow, type CashbackRunRow } from "@croupier/contract/backoffice/cashback";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import { CASHBACK_KEY } from "./list-cashback-campaigns";

export type CashbackRunFilters = { bonusGuid: string };

/** GET /cashback/campaigns/:bonus_guid/runs, one page (the grid's cursor is the page number). */
export async function listCashbackRuns(p: GridParams<CashbackRunFilters>, signal?: AbortSignal): Promise<GridPage<CashbackRunRow>> {
  const page = Number(p.cursor ?? 1);
  const { payload, metadata } = await staffApi().get<CashbackRunRow[], { total: number }>(
    `/cashback/campaigns/${encodeURIComponent(p.filters.bonusGuid)}/runs`,
    { query: { page: String(page), per_page: String(p.limit) }, signal, schema: z.array(cashbackRunRow) },
  );
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const cashbackRunsQueryOptions = (p: GridParams<CashbackRunFilters>) =>
  queryOptions({
    queryKey: [...CASHBACK_KEY, "runs", p],
    queryFn: ({ signal }) => listCashbackRuns(p, signal),
    // A run in progress moves on its own (the job pays in passes): refresh while one is unfinished.
    refetchInterval: (query) => (query.state.data?.items.some((r) => r.status !== "completed") ? 5_000 : false),
  });
