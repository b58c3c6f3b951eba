import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export type MiningSettingsRow = {
  active_speed_per_hour: string;
  passive_speed_per_hour: string;
  accrual_period_hours: string;
  activity_window_seconds: number;
  mining_active_days: number;
  levels_version: number;
  updated_at: string;
};

/** The one settings row (migration 0040 inserts it; recreated with the defaults if someone removed it). */
export async function loadMiningSettings(db: SqlExecutor): Promise<MiningSettingsRow> {
  const select = sql`SELECT trim_scale(active_speed_per_hour)::text AS active_speed_per_hour,
                            trim_scale(passive_speed_per_hour)::text AS passive_speed_per_hour,
                            trim_scale(accrual_period_hours)::text AS accrual_period_hours,
                            activity_window_seconds, mining_active_days, levels_version,
                            to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at
                       FROM loyalty_settings WHERE id = 1`;
  const [row] = await queryRows<MiningSettingsRow>(db, select);
  if (row) return row;
  await db.execute(sql`INSERT INTO loyalty_settings (id) VALUES (1) ON CONFLICT (id) DO NOTHING`);
  const [created] = await queryRows<MiningSettingsRow>(db, select);
  if (!created) throw new Error("loyalty_settings: no row");
  return created;
}
