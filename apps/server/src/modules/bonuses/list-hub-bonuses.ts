import type { HubBonus } from "@croupier/contract/entities/bonus";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { bonusEligibility, loadBonusPlayerContext } from "./bonus-eligibility.ts";
import { queryCampaigns, type CampaignFilters, type CampaignScope } from "./campaign-query.ts";

export type CampaignListInput = { filters: CampaignFilters; page: number; perPage: number; playerGuid: string | null };

/** Lists campaigns of a scope; a signed-in player's rows carry their eligibility. */
export async function listCampaigns(
  db: Db,
  scope: CampaignScope,
  input: CampaignListInput,
): Promise<{ items: HubBonus[]; pager: Pager }> {
  const { rows, pager } = await queryCampaigns(db, { scope, ...input });
  if (!input.playerGuid) return { items: rows, pager };
  const context = await loadBonusPlayerContext(db, input.playerGuid);
  const now = new Date();
  return { items: rows.map((row) => ({ ...row, eligibility: bonusEligibility(row, context, now) })), pager };
}

/** GET /bonus_hub: the offers running now (active, within start/end), filtered and paged. */
export async function listHubBonuses(db: Db, input: CampaignListInput): Promise<{ items: HubBonus[]; pager: Pager }> {
  return listCampaigns(db, "hub", input);
}
