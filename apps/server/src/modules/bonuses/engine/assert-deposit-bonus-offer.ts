import { sql } from "drizzle-orm";
import { badRequest } from "../../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

/**
 * POST /payments deposit with extra_data.bonus_guid: the campaign must be an active deposit offer in
 * the deposit's currency (within its dates), else 400 naming the field. null (no bonus) is always fine.
 */
export async function assertDepositBonusOffer(db: SqlExecutor, input: { bonusGuid: string | null; currencyGuid: string }): Promise<void> {
  if (input.bonusGuid === null) return;
  const rows = await queryRows<{ bonus_guid: string }>(
    db,
    sql`SELECT bc.bonus_guid
          FROM bonus_campaigns bc
          JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid
          JOIN bonus_campaign_currencies t ON t.version_guid = v.guid AND t.currency_guid = ${input.currencyGuid}::uuid
         WHERE bc.bonus_guid = ${input.bonusGuid}::uuid AND bc.status = 'active' AND v.bonus_trigger = 'deposit'
           AND (v.start_date IS NULL OR v.start_date <= now()) AND (v.end_date IS NULL OR v.end_date > now())`,
  );
  if (!rows[0])
    throw badRequest("This bonus is not a deposit offer available to you in this currency.", [
      { field: "body.extra_data.bonus_guid", message: "is not an active deposit bonus in this currency" },
    ]);
}
