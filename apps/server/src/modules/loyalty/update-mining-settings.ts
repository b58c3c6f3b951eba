import { sql } from "drizzle-orm";
import type { MiningSettings, MiningSettingsInput } from "@croupier/contract/backoffice/loyalty";
import type { Db } from "@croupier/db/create-database";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { loadMiningSettings } from "./load-mining-settings.ts";

/**
 * Replaces the mining settings (audited). New speeds and period apply from the next accrual on (a
 * period already running is accrued at the speeds current when it is credited: ADR 036).
 */
export async function updateMiningSettings(db: Db, actor: AuditActor, input: MiningSettingsInput): Promise<MiningSettings> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM loyalty_settings WHERE id = 1 FOR UPDATE`);
    const { levels_version: _before_version, ...before } = await loadMiningSettings(tx);
    await tx.execute(
      sql`UPDATE loyalty_settings
             SET active_speed_per_hour = ${input.active_speed_per_hour}::numeric, passive_speed_per_hour = ${input.passive_speed_per_hour}::numeric,
                 accrual_period_hours = ${input.accrual_period_hours}::numeric, activity_window_seconds = ${input.activity_window_seconds},
                 mining_active_days = ${input.mining_active_days}, updated_at = now()
           WHERE id = 1`,
    );
    const { levels_version: _after_version, ...after } = await loadMiningSettings(tx);
    await recordAudit(tx, actor, { action: "loyalty.mining_settings", targetType: "loyalty_settings", targetId: "1", before, after });
    return after;
  });
}
