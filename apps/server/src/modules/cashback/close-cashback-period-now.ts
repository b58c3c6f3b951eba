import { sql } from "drizzle-orm";
import type { CashbackRunRow, ClosePeriodInput } from "@croupier/contract/backoffice/cashback";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { cashbackCampaignsWithPeriod } from "./cashback-sql.ts";
import { selectCashbackRuns } from "./cashback-run-sql.ts";

/**
 * Staff "close the period now": ends the campaign's running period at this instant (or at its
 * calendar end if that already passed) as a `counting` run; the job tallies and pays it once its
 * open-transaction horizon has passed, and the next period starts exactly there. The campaign row is
 * locked so two clicks close one period each in turn; UNIQUE (campaign, period_start) keeps a racing
 * scheduled close from opening a second run over the same start. Audited with the run.
 */
export async function closeCashbackPeriodNow(
  db: Db,
  actor: AuditActor,
  bonusGuid: string,
  input: ClosePeriodInput,
): Promise<CashbackRunRow> {
  return db.transaction(async (tx) => {
    const [locked] = await queryRows<{ bonus_guid: string }>(
      tx,
      sql`SELECT bonus_guid FROM bonus_campaigns WHERE bonus_guid = ${bonusGuid}::uuid FOR UPDATE`,
    );
    if (!locked) throw notFound("No bonus campaign with this id.");
    const [campaign] = await queryRows<{ status: string; version_guid: string; period_start: string; period_end: string; empty: boolean }>(
      tx,
      sql`SELECT bc.status, v.guid AS version_guid, p.period_start::text AS period_start,
                 LEAST(p.period_end, now())::text AS period_end, LEAST(p.period_end, now()) <= p.period_start AS empty
            FROM ${cashbackCampaignsWithPeriod}
           WHERE bc.bonus_guid = ${bonusGuid}::uuid`,
    );
    if (!campaign) throw new AppError("CONFLICT", "This campaign is not a cashback campaign.");
    if (campaign.status !== "active" && campaign.status !== "paused")
      throw new AppError("CONFLICT", `This campaign is ${campaign.status}: only a running or paused campaign's period can be closed.`);
    if (campaign.empty) throw new AppError("CONFLICT", "The current period has not started yet: there is nothing to close.");
    const [run] = await queryRows<{ guid: string }>(
      tx,
      sql`INSERT INTO cashback_runs (bonus_guid, version_guid, period_start, period_end, closed_by, staff_guid)
          VALUES (${bonusGuid}::uuid, ${campaign.version_guid}::uuid, ${campaign.period_start}::timestamptz,
                  ${campaign.period_end}::timestamptz, 'staff', ${actor.staffId}::uuid)
          ON CONFLICT (bonus_guid, period_start) DO NOTHING
          RETURNING guid`,
    );
    if (!run) throw new AppError("CONFLICT", "This period was just closed by the schedule; reload to see its run.");
    await recordAudit(tx, actor, {
      action: "cashback.close_period",
      targetType: "cashback_run",
      targetId: run.guid,
      after: { bonus_guid: bonusGuid, period_start: campaign.period_start, period_end: campaign.period_end },
      details: input.comment ? { comment: input.comment } : undefined,
    });
    const [row] = await selectCashbackRuns(tx, { where: sql`r.guid = ${run.guid}::uuid`, limit: 1, offset: 0 });
    return row!;
  });
}
