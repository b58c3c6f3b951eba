import { sql } from "drizzle-orm";
import type { BonusCampaignStatus } from "@croupier/contract/entities/bonus";
import type { CampaignDetail, CampaignStatusInput } from "@croupier/contract/backoffice/bonuses";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { assertSingleRakeback } from "./assert-single-rakeback.ts";
import { loadCampaignDetail } from "./campaign-sql.ts";

type Action = CampaignStatusInput["action"];

/** Which statuses each action starts from, and where it leads. */
const TRANSITIONS: Record<Action, { from: readonly BonusCampaignStatus[]; to: BonusCampaignStatus }> = {
  schedule: { from: ["draft", "paused"], to: "scheduled" },
  activate: { from: ["draft", "scheduled"], to: "active" },
  pause: { from: ["active", "scheduled"], to: "paused" },
  resume: { from: ["paused"], to: "active" },
  end: { from: ["draft", "scheduled", "active", "paused"], to: "ended" },
};

const validation = (field: string, message: string) =>
  new AppError("VALIDATION_ERROR", `${field}: ${message}`, { fields: [{ field: `body.${field}`, message }] });

/**
 * Moves a campaign through draft → scheduled → active ⇄ paused → ended. Dates live on the version,
 * so a schedule with a new start date, or an activation before the version's start date, writes a
 * copy of the current version with that start (customer bonuses keep theirs). Locked and audited in
 * one transaction; a transition from the wrong status is a 409 naming the current status.
 */
export async function changeCampaignStatus(
  db: Db,
  actor: AuditActor,
  bonusGuid: string,
  input: CampaignStatusInput,
): Promise<CampaignDetail> {
  return db.transaction(async (tx) => {
    const [campaign] = await queryRows<{
      status: BonusCampaignStatus;
      current_version_guid: string;
      bonus_type: string;
      start_date: unknown;
      end_date: unknown;
    }>(
      tx,
      sql`SELECT c.status, c.current_version_guid, v.bonus_type, v.start_date, v.end_date
            FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
           WHERE c.bonus_guid = ${bonusGuid}::uuid
             FOR UPDATE OF c`,
    );
    if (!campaign) throw notFound("No bonus campaign with this id.");
    const rule = TRANSITIONS[input.action];
    if (!rule.from.includes(campaign.status))
      throw new AppError(
        "CONFLICT",
        `A campaign that is ${campaign.status} cannot ${input.action === "end" ? "end again" : input.action}.`,
      );
    if (input.action !== "schedule" && input.start_date !== undefined)
      throw validation("start_date", "only a schedule takes a start date");

    const now = Date.now();
    const endsAt = campaign.end_date ? new Date(campaign.end_date as string).getTime() : null;
    const startsAt = campaign.start_date ? new Date(campaign.start_date as string).getTime() : null;
    let versionGuid = campaign.current_version_guid;
    let runsFrom = new Date(now);
    if (rule.to !== "ended" && endsAt !== null && endsAt <= now)
      throw new AppError("CONFLICT", "This campaign's end date has passed; edit it or end the campaign.");

    if (input.action === "schedule") {
      const start = input.start_date ? Date.parse(input.start_date) : startsAt;
      if (start === null) throw validation("start_date", "is required to schedule a campaign");
      if (start <= now) throw validation("start_date", "must be in the future; use activate to start now");
      if (endsAt !== null && endsAt <= start) throw validation("start_date", "must be before the campaign's end date");
      if (start !== startsAt) versionGuid = await copyVersionStarting(tx, bonusGuid, versionGuid, new Date(start));
      runsFrom = new Date(start);
    }
    if (input.action === "activate" && startsAt !== null && startsAt > now)
      versionGuid = await copyVersionStarting(tx, bonusGuid, versionGuid, new Date(now));

    if (campaign.bonus_type === "rakeback" && (rule.to === "active" || rule.to === "scheduled"))
      await assertSingleRakeback(tx, { bonusGuid, start: runsFrom, end: endsAt === null ? null : new Date(endsAt) });

    await tx.execute(
      // ended_at: the instant a running campaign stopped (the cashback of its last period is paid up to
      // it, ADR 035); a campaign that never ran (draft, scheduled) has nothing to pay and keeps NULL.
      sql`UPDATE bonus_campaigns SET status = ${rule.to}, current_version_guid = ${versionGuid}::uuid, updated_at = now(),
                 ended_at = ${rule.to === "ended" ? sql`CASE WHEN status IN ('active', 'paused') THEN now() END` : sql`ended_at`}
           WHERE bonus_guid = ${bonusGuid}::uuid`,
    );
    await recordAudit(tx, actor, {
      action: `bonus_campaign.${input.action}`,
      targetType: "bonus_campaign",
      targetId: bonusGuid,
      before: { status: campaign.status, version_guid: campaign.current_version_guid },
      after: { status: rule.to, version_guid: versionGuid },
    });
    return (await loadCampaignDetail(tx, bonusGuid))!;
  });
}

/** The next version: a copy of `versionGuid` with its currencies and a new start date. */
async function copyVersionStarting(
  tx: SqlExecutor,
  bonusGuid: string,
  versionGuid: string,
  start: Date,
): Promise<string> {
  const [row] = await queryRows<{ guid: string }>(
    tx,
    sql`INSERT INTO bonus_campaign_versions (
          bonus_guid, version, bonus_name, bonus_trigger, bonus_type, deposit_number, bonus_percent, bonus_wager,
          wagering_expiration_time, activation_expiration_time, winnings_distribution_percent, auto_activation,
          auto_activation_time, project_tag_guid, is_cumulative, deposit_defer, product, game_guids, icon,
          background_image, description, terms, segment_guids, label_guids, start_date, end_date, cashback_period,
          rakeback_slots_percent, rakeback_live_percent, rakeback_payout, coin_price, created_by)
        SELECT bonus_guid,
               (SELECT max(version) FROM bonus_campaign_versions WHERE bonus_guid = ${bonusGuid}::uuid) + 1,
               bonus_name, bonus_trigger, bonus_type, deposit_number, bonus_percent, bonus_wager,
               wagering_expiration_time, activation_expiration_time, winnings_distribution_percent, auto_activation,
               auto_activation_time, project_tag_guid, is_cumulative, deposit_defer, product, game_guids, icon,
               background_image, description, terms, segment_guids, label_guids, ${start.toISOString()}::timestamptz,
               end_date, cashback_period, rakeback_slots_percent, rakeback_live_percent, rakeback_payout, coin_price,
               created_by
          FROM bonus_campaign_versions WHERE guid = ${versionGuid}::uuid
        RETURNING guid`,
  );
  await tx.execute(
    sql`INSERT INTO bonus_campaign_currencies (version_guid, currency_guid, min_deposit_sum, max_bonus_sum, max_cashout,
                                               bonus_threshold, free_spins_count, free_spin_bet, cashback_percent)
        SELECT ${row!.guid}::uuid, currency_guid, min_deposit_sum, max_bonus_sum, max_cashout, bonus_threshold,
               free_spins_count, free_spin_bet, cashback_percent
          FROM bonus_campaign_currencies WHERE version_guid = ${versionGuid}::uuid`,
  );
  return row!.guid;
}
