import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { rakebackStaffClaim, type RakebackStaffClaim } from "@croupier/contract/backoffice/rakeback";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";
import type { RakebackFilters } from "./rakeback-filters";

/** GET /rakeback/claims: Rakeback claims, newest first (paged by number: the grid's cursor is the page as text). */
export async function listRakebackClaims(p: GridParams<RakebackFilters>, signal?: AbortSignal): Promise<GridPage<RakebackStaffClaim>> {
  const page = Number(p.cursor ?? 1);
  const { payload, metadata } = await staffApi().get<RakebackStaffClaim[], { total: number }>("/rakeback/claims", {
    query: { player_guid: p.filters.playerGuid || undefined, bonus_guid: p.filters.bonusGuid || undefined, page, per_page: p.limit },
    signal,
    schema: z.array(rakebackStaffClaim),
  });
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const rakebackClaimsQueryOptions = (p: GridParams<RakebackFilters>) =>
  queryOptions({ queryKey: ["backoffice", "rakeback", "claims", p], queryFn: ({ signal }) => listRakebackClaims(p, signal) });
