import { sql } from "drizzle-orm";
import type { MiningSpeed } from "@croupier/contract/entities/loyalty";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { loadMiningSettings } from "./load-mining-settings.ts";
import { miningMultiplierSql } from "./mining-multiplier-sql.ts";

const iso = (expr: ReturnType<typeof sql>) => sql`to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * GET /loyalty/mining/user-speed, and the mining clock of GET /loyalty/coins: the base speeds ×
 * level × best segment multiplier, active while a stake is within the activity window (as the
 * loyalty scan last saw it, a few seconds behind), passive otherwise. A player mines from their
 * first stake until mining_active_days after their last; last_accrual_at is the start of the
 * period being mined (what the live counter counts from).
 */
export async function getMiningSpeed(db: SqlExecutor, playerGuid: string): Promise<MiningSpeed & { last_accrual_at: string | null }> {
  const settings = await loadMiningSettings(db);
  const player = sql`${playerGuid}::uuid`;
  const days = sql`make_interval(days => ${settings.mining_active_days})`;
  const period = sql`(${settings.accrual_period_hours}::numeric * 3600)`;
  const [row] = await queryRows<{
    level: number;
    segment: string | null;
    is_active: boolean;
    active: string;
    passive: string;
    multiplier: string;
    last_accrual_at: string | null;
    next_accrual_time: string | null;
  }>(
    db,
    sql`WITH p AS (
          SELECT COALESCE(pl.level, 0) AS level,
                 COALESCE(pl.last_played_at > now() - make_interval(secs => ${settings.activity_window_seconds}), false) AS is_active,
                 CASE WHEN pl.last_played_at > now() - ${days} THEN GREATEST(pl.mined_until, now() - ${days}) END AS start_at
            FROM (SELECT 1) one LEFT JOIN player_loyalty pl ON pl.customer_guid = ${player})
        SELECT p.level, mm.segment_name AS segment, p.is_active,
               trim_scale(round(${settings.active_speed_per_hour}::numeric * mm.multiplier, 4))::text AS active,
               trim_scale(round(${settings.passive_speed_per_hour}::numeric * mm.multiplier, 4))::text AS passive,
               trim_scale(round(mm.multiplier, 4))::text AS multiplier,
               ${iso(sql`p.start_at`)} AS last_accrual_at,
               ${iso(sql`p.start_at + make_interval(secs => GREATEST(1, ceil(extract(epoch FROM now() - p.start_at) / ${period})) * ${period})`)} AS next_accrual_time
          FROM p, ${miningMultiplierSql(player)}`,
  );
  if (!row) throw new Error("getMiningSpeed: no row");
  const perHour = row.is_active ? row.active : row.passive;
  const [perSecond] = await queryRows<{ value: string }>(db, sql`SELECT trim_scale(round(${perHour}::numeric / 3600, 8))::text AS value`);
  return {
    segment: row.segment,
    loyalty_level: row.level,
    speed_per_hour: perHour,
    speed_per_second: perSecond?.value ?? "0",
    active_speed_per_hour: row.active,
    passive_speed_per_hour: row.passive,
    next_accrual_time: row.next_accrual_time,
    accrual_period_hours: settings.accrual_period_hours,
    multiplier_applied: row.multiplier,
    is_active: row.is_active,
    last_accrual_at: row.last_accrual_at,
  };
}
