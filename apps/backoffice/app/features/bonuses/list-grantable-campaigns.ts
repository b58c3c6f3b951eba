import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { BONUS_CAMPAIGNS_PER_PAGE_MAX, campaignRow, type CampaignRow } from "@croupier/contract/backoffice/bonuses";
import { staffApi } from "../../lib/staff-api";
import { CAMPAIGNS_KEY } from "./list-campaigns";

async function firstPage(query: Record<string, string>, signal?: AbortSignal): Promise<CampaignRow[]> {
  const { payload } = await staffApi().get("/bonus-campaigns", {
    query: { ...query, per_page: String(BONUS_CAMPAIGNS_PER_PAGE_MAX) },
    signal,
    schema: z.array(campaignRow),
  });
  return payload;
}

/**
 * Campaigns staff may grant by hand (the contract: any campaign with the manual trigger, or any active
 * campaign), ended and rakeback ones left out, by name. Two reads of the first 100 each: more than that is not a
 * list anyone picks from.
 */
export async function listGrantableCampaigns(signal?: AbortSignal): Promise<CampaignRow[]> {
  const [manual, active] = await Promise.all([
    firstPage({ trigger: "manual" }, signal),
    firstPage({ status: "active" }, signal),
  ]);
  const byGuid = new Map<string, CampaignRow>();
  // A rakeback is never granted by hand: it accrues from play and the player claims it (the server refuses it).
  for (const row of [...manual, ...active])
    if (row.status !== "ended" && row.bonus_type !== "rakeback") byGuid.set(row.bonus_guid, row);
  return [...byGuid.values()].sort((a, b) => a.bonus_name.localeCompare(b.bonus_name));
}

export const grantableCampaignsQueryOptions = () =>
  queryOptions({ queryKey: [...CAMPAIGNS_KEY, "grantable"], queryFn: ({ signal }) => listGrantableCampaigns(signal) });
export const useGrantableCampaigns = (enabled: boolean) => useQuery({ ...grantableCampaignsQueryOptions(), enabled });
