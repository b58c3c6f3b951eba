import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { rakebackStaffAccrual, type RakebackStaffAccrual } from "@croupier/contract/backoffice/rakeback";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import type { RakebackFilters } from "./rakeback-filters";

/** GET /rakeback/accruals: Rakeback accruals (one per real-money bet), newest first (paged by number: the grid's cursor is the page as text). */
export async function listRakebackAccruals(p: GridParams<RakebackFilters>, signal?: AbortSignal): Promise<GridPage<RakebackStaffAccrual>> {
  const page = Number(p.cursor ?? 1);
  const { payload, metadata } = await staffApi().get<RakebackStaffAccrual[], { total: number }>("/rakeback/accruals", {
    query: { player_guid: p.filters.playerGuid || undefined, bonus_guid: p.filters.bonusGuid || undefined, page, per_page: p.limit },
    signal,
    schema: z.array(rakebackStaffAccrual),
  });
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const rakebackAccrualsQueryOptions = (p: GridParams<RakebackFilters>) =>
  queryOptions({ queryKey: ["backoffice", "rakeback", "accruals", p], queryFn: ({ signal }) => listRakebackAccruals(p, signal) });
