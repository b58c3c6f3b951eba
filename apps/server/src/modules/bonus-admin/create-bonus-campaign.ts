import { sql } from "drizzle-orm";
import type { CampaignDetail, CampaignInput } from "@croupier/contract/backoffice/bonuses";
import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { insertCampaignVersion, loadCampaignDetail } from "./campaign-sql.ts";
import { validateCampaignInput } from "./validate-campaign-input.ts";

/** A new campaign at version 1, status draft (players see nothing until it is activated); audited. */
export async function createBonusCampaign(
  db: Db,
  actor: AuditActor,
  input: CampaignInput,
  jurisdiction: JurisdictionProfile,
): Promise<CampaignDetail> {
  return db.transaction(async (tx) => {
    const currencies = await validateCampaignInput(tx, input, jurisdiction);
    const [campaign] = await queryRows<{ bonus_guid: string }>(
      tx,
      sql`INSERT INTO bonus_campaigns (status, created_by) VALUES ('draft', ${actor.staffId}::uuid) RETURNING bonus_guid`,
    );
    const bonusGuid = campaign!.bonus_guid;
    const version = await insertCampaignVersion(tx, { bonusGuid, terms: input, currencies, staffId: actor.staffId });
    await tx.execute(
      sql`UPDATE bonus_campaigns SET current_version_guid = ${version.guid}::uuid WHERE bonus_guid = ${bonusGuid}::uuid`,
    );
    await recordAudit(tx, actor, {
      action: "bonus_campaign.create",
      targetType: "bonus_campaign",
      targetId: bonusGuid,
      after: { version_guid: version.guid, version: version.version, ...input },
    });
    return (await loadCampaignDetail(tx, bonusGuid))!;
  });
}
