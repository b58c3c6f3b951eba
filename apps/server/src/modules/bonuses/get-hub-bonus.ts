import type { HubBonus } from "@croupier/contract/entities/bonus";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { listCampaigns } from "./list-hub-bonuses.ts";

/**
 * GET /bonus?bonus_guid: one campaign on offer now, at its current version (404 when it is not
 * visible to the caller: draft, scheduled, paused, ended, out of its dates or another segment's).
 */
export async function getHubBonus(
  db: Db,
  input: { bonusGuid: string; segmentGuid?: string; playerGuid: string | null },
): Promise<HubBonus> {
  const { items } = await listCampaigns(db, "hub", {
    filters: { bonus_guid: input.bonusGuid, segment_guid: input.segmentGuid },
    page: 1,
    perPage: 1,
    playerGuid: input.playerGuid,
  });
  if (!items[0]) throw notFound("No such bonus.");
  return items[0];
}
