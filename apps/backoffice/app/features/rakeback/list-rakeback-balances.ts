import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { rakebackStaffBalance, type RakebackStaffBalance } from "@croupier/contract/backoffice/rakeback";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import type { RakebackFilters } from "./rakeback-filters";

/** GET /rakeback/balances: Rakeback balances per wallet, most recently accrued first (paged by number: the grid's cursor is the page as text). */
export async function listRakebackBalances(p: GridParams<RakebackFilters>, signal?: AbortSignal): Promise<GridPage<RakebackStaffBalance>> {
  const page = Number(p.cursor ?? 1);
  const { payload, metadata } = await staffApi().get<RakebackStaffBalance[], { total: number }>("/rakeback/balances", {
    query: { player_guid: p.filters.playerGuid || undefined, bonus_guid: p.filters.bonusGuid || undefined, page, per_page: p.limit },
    signal,
    schema: z.array(rakebackStaffBalance),
  });
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const rakebackBalancesQueryOptions = (p: GridParams<RakebackFilters>) =>
  queryOptions({ queryKey: ["backoffice", "rakeback", "balances", p], queryFn: ({ signal }) => listRakebackBalances(p, signal) });
