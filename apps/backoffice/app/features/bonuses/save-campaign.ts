import { useMutation, useQueryClient } from "@tanstack/react-query";
import { campaignDetail, type CampaignDetail, type CampaignInputDraft } from "@croupier/contract/backoffice/bonuses";
import { staffApi } from "../../lib/staff-api";
import { CAMPAIGNS_KEY } from "./list-campaigns";

/** POST /bonus-campaigns (bonusGuid null: version 1, a draft) or PUT /bonus-campaigns/:bonus_guid (the next version). */
export async function saveCampaign(bonusGuid: string | null, body: CampaignInputDraft): Promise<CampaignDetail> {
  const api = staffApi();
  if (bonusGuid)
    return (await api.put(`/bonus-campaigns/${encodeURIComponent(bonusGuid)}`, { body, schema: campaignDetail }))
      .payload;
  return (await api.post("/bonus-campaigns", { body, schema: campaignDetail })).payload;
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { bonusGuid: string | null; body: CampaignInputDraft }) =>
      saveCampaign(input.bonusGuid, input.body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY }),
  });
}
