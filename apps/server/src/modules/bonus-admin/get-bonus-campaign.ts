import type { CampaignDetail } from "@croupier/contract/backoffice/bonuses";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { loadCampaignDetail } from "./campaign-sql.ts";

/** One campaign: its current version, version history, customer-bonus counts and bonus money. */
export async function getBonusCampaign(db: Db, bonusGuid: string): Promise<CampaignDetail> {
  const detail = await loadCampaignDetail(db, bonusGuid);
  if (!detail) throw notFound("No bonus campaign with this id.");
  return detail;
}
