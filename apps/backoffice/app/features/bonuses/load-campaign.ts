import { queryOptions, useQuery } from "@tanstack/react-query";
import { campaignDetail, type CampaignDetail } from "@croupier/contract/backoffice/bonuses";
import { staffApi } from "../../lib/staff-api";
import { CAMPAIGNS_KEY } from "./list-campaigns";

/** GET /bonus-campaigns/:bonus_guid: the current version, every version, counts and money. */
export async function loadCampaign(bonusGuid: string, signal?: AbortSignal): Promise<CampaignDetail> {
  return (await staffApi().get(`/bonus-campaigns/${encodeURIComponent(bonusGuid)}`, { signal, schema: campaignDetail }))
    .payload;
}

export const campaignQueryOptions = (bonusGuid: string) =>
  queryOptions({
    queryKey: [...CAMPAIGNS_KEY, "detail", bonusGuid],
    queryFn: ({ signal }) => loadCampaign(bonusGuid, signal),
    enabled: bonusGuid !== "",
  });
export const useCampaign = (bonusGuid: string) => useQuery(campaignQueryOptions(bonusGuid));
