import { queryOptions } from "@tanstack/react-query";
import { adjustmentPage, type AdjustmentPage, type AdjustmentStatus } from "@croupier/contract/backoffice/money-review";
import type { GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

export type AdjustmentFilters = { status: AdjustmentStatus | ""; playerGuid?: string };

export const ADJUSTMENTS_KEY = ["backoffice", "adjustments"] as const;

/** GET /adjustments: pending oldest first (the approval queue), the rest newest first. */
export async function listAdjustments(p: GridParams<AdjustmentFilters>, signal?: AbortSignal): Promise<AdjustmentPage> {
  const query = {
    status: p.filters.status || undefined,
    player_guid: p.filters.playerGuid,
    limit: p.limit,
    cursor: p.cursor ?? undefined,
  };
  return (await staffApi().get("/adjustments", { query, signal, schema: adjustmentPage })).payload;
}

export const adjustmentsQueryOptions = (p: GridParams<AdjustmentFilters>) =>
  queryOptions({ queryKey: [...ADJUSTMENTS_KEY, "list", p], queryFn: ({ signal }) => listAdjustments(p, signal) });
