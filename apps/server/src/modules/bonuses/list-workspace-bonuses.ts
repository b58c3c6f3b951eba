import type { HubBonus } from "@croupier/contract/entities/bonus";
import type { Pager } from "@croupier/contract/envelope";
import type { Db } from "@croupier/db/create-database";
import { listCampaigns, type CampaignListInput } from "./list-hub-bonuses.ts";

/** GET /workspace/bonuses: scheduled, active and paused campaigns (never drafts or ended ones). */
export async function listWorkspaceBonuses(
  db: Db,
  input: CampaignListInput,
): Promise<{ items: HubBonus[]; pager: Pager }> {
  return listCampaigns(db, "workspace", input);
}
