import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { cashbackCampaignRow, type CashbackCampaignRow } from "@croupier/contract/backoffice/cashback";
import { staffApi } from "../../lib/staff-api";

export const CASHBACK_KEY = ["backoffice", "cashback"] as const;

/** GET /cashback/campaigns: cashback campaigns with their running period (at most 100). */
export async function listCashbackCampaigns(signal?: AbortSignal): Promise<CashbackCampaignRow[]> {
  return (await staffApi().get("/cashback/campaigns", { signal, schema: z.array(cashbackCampaignRow) })).payload;
}

export const cashbackCampaignsQueryOptions = () =>
  queryOptions({ queryKey: [...CASHBACK_KEY, "campaigns"], queryFn: ({ signal }) => listCashbackCampaigns(signal) });

export const useCashbackCampaigns = () => useQuery(cashbackCampaignsQueryOptions());
