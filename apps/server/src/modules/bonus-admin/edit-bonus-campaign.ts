import { sql } from "drizzle-orm";
import type { CampaignDetail, CampaignInput } from "@croupier/contract/backoffice/bonuses";
import type { JurisdictionProfile } from "@croupier/contract/jurisdiction";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { assertSingleRakeback } from "./assert-single-rakeback.ts";
import { insertCampaignVersion, loadCampaignDetail } from "./campaign-sql.ts";
import { validateCampaignInput } from "./validate-campaign-input.ts";

/**
 * An edit writes the next immutable version and points the campaign at it: customer bonuses granted
 * before keep the version they were granted under (customer_bonuses.bonus_version_guid). The campaign
 * row is locked so two edits get consecutive versions, never a lost update. An ended campaign is final.
 */
export async function editBonusCampaign(
  db: Db,
  actor: AuditActor,
  bonusGuid: string,
  input: CampaignInput,
  jurisdiction: JurisdictionProfile,
): Promise<CampaignDetail> {
  return db.transaction(async (tx) => {
    const [campaign] = await queryRows<{ status: string; current_version_guid: string }>(
      tx,
      sql`SELECT status, current_version_guid FROM bonus_campaigns WHERE bonus_guid = ${bonusGuid}::uuid FOR UPDATE`,
    );
    if (!campaign) throw notFound("No bonus campaign with this id.");
    if (campaign.status === "ended")
      throw new AppError("CONFLICT", "This campaign has ended; create a new one instead.");
    // A scheduled campaign starts when its version's start_date passes (the engine's sweeper): an
    // edit that drops or backdates it would leave the campaign waiting for ever.
    if (campaign.status === "scheduled" && (!input.start_date || Date.parse(input.start_date) <= Date.now()))
      throw new AppError("VALIDATION_ERROR", "start_date: a scheduled campaign needs a start date in the future", {
        fields: [{ field: "body.start_date", message: "a scheduled campaign needs a start date in the future" }],
      });
    const currencies = await validateCampaignInput(tx, input, jurisdiction);
    // An edit can turn a running campaign into a rakeback one, or move a rakeback's dates.
    if (input.bonus_type === "rakeback" && (campaign.status === "active" || campaign.status === "scheduled"))
      await assertSingleRakeback(tx, {
        bonusGuid,
        start: campaign.status === "scheduled" ? new Date(input.start_date!) : new Date(),
        end: input.end_date ? new Date(input.end_date) : null,
      });
    const version = await insertCampaignVersion(tx, { bonusGuid, terms: input, currencies, staffId: actor.staffId });
    await tx.execute(
      sql`UPDATE bonus_campaigns SET current_version_guid = ${version.guid}::uuid, updated_at = now()
           WHERE bonus_guid = ${bonusGuid}::uuid`,
    );
    await recordAudit(tx, actor, {
      action: "bonus_campaign.edit",
      targetType: "bonus_campaign",
      targetId: bonusGuid,
      before: { version_guid: campaign.current_version_guid },
      after: { version_guid: version.guid, version: version.version, ...input },
    });
    return (await loadCampaignDetail(tx, bonusGuid))!;
  });
}
