import { useMutation, useQueryClient } from "@tanstack/react-query";
import { campaignDetail, type CampaignDetail, type CampaignStatusInput } from "@croupier/contract/backoffice/bonuses";
import { staffApi } from "../../lib/staff-api";
import { CAMPAIGNS_KEY } from "./list-campaigns";

/** POST /bonus-campaigns/:bonus_guid/status: schedule, activate, pause, resume or end. */
export async function changeCampaignStatus(bonusGuid: string, body: CampaignStatusInput): Promise<CampaignDetail> {
  return (
    await staffApi().post(`/bonus-campaigns/${encodeURIComponent(bonusGuid)}/status`, { body, schema: campaignDetail })
  ).payload;
}

export function useChangeCampaignStatus(bonusGuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignStatusInput) => changeCampaignStatus(bonusGuid, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}
