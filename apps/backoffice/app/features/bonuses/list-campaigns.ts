import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { campaignRow, type CampaignRow } from "@croupier/contract/backoffice/bonuses";
import type { GridPage, GridParams } from "../../components/data-grid/data-grid";
import { staffApi } from "../../lib/staff-api";

export type CampaignFilters = { status: string; trigger: string; type: string; name: string };
export const EMPTY_CAMPAIGN_FILTERS: CampaignFilters = { status: "", trigger: "", type: "", name: "" };

export const CAMPAIGNS_KEY = ["backoffice", "bonus-campaigns"] as const;

/**
 * GET /bonus-campaigns, one page. The API pages by number; the grid's cursor is that number as text
 * (null: the first page) and the next one is offered while the pager's total says more rows follow.
 */
export async function listCampaigns(
  p: GridParams<CampaignFilters>,
  signal?: AbortSignal,
): Promise<GridPage<CampaignRow>> {
  const page = Number(p.cursor ?? 1);
  const f = p.filters;
  const query = {
    status: f.status || undefined,
    trigger: f.trigger || undefined,
    type: f.type || undefined,
    name: f.name.trim() || undefined,
    page,
    per_page: p.limit,
  };
  const { payload, metadata } = await staffApi().get<CampaignRow[], { total: number }>("/bonus-campaigns", {
    query,
    signal,
    schema: z.array(campaignRow),
  });
  return { items: payload, next_cursor: page * p.limit < metadata.total ? String(page + 1) : null };
}

export const campaignsQueryOptions = (p: GridParams<CampaignFilters>) =>
  queryOptions({ queryKey: [...CAMPAIGNS_KEY, "list", p], queryFn: ({ signal }) => listCampaigns(p, signal) });
