import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { isUniqueViolation, queryRows } from "../../lib/sql-executor.ts";
import type { MiningSettingsRow } from "./load-mining-settings.ts";
import { miningMultiplierSql } from "./mining-multiplier-sql.ts";
import { moveCoins } from "./move-coins.ts";

/** Players accrued per pass at most. */
export const MINING_BATCH = 200;
/**
 * A period is accrued only once it ended this long ago: the loyalty scan reads game transactions a
 * second behind the open-transaction horizon and runs every few seconds, so the playing spans of
 * the period are in by then (a stake later than that counts as passive time: ADR 036).
 */
export const MINING_LAG_SECONDS = 15;

type Accrual = {
  period_start: string;
  period_end: string;
  total_seconds: number;
  active_seconds: number;
  coins: string;
};

/**
 * One bounded mining pass: for players who staked within mining_active_days and whose current
 * period has ended, credits the coins of [start, end) and moves mined_until to end, one player per
 * transaction (row locked FOR UPDATE SKIP LOCKED: two processes never accrue the same player at
 * once; the transfer key mining:{player}:{period_start} makes the credit exactly once anyway).
 * start = mined_until (the loyalty scan moves it to the returning stake of a player whose mining had
 * stopped, so a dormant stretch is never credited; the window clamp below is a second guard); end
 * = start + whole periods up to now (a late pass credits the periods it missed in one transfer).
 * Coins = (active speed × active seconds + passive speed × the rest) / 3600 × the multiplier now.
 */
export async function mineCoins(db: Db, settings: MiningSettingsRow): Promise<{ accrued: number; coins_players: number }> {
  const window = sql`make_interval(days => ${settings.mining_active_days})`;
  const periodSeconds = sql`(${settings.accrual_period_hours}::numeric * 3600)`;
  const due = sql`GREATEST(p.mined_until, now() - ${window}) + make_interval(secs => ${periodSeconds}) <= now() - make_interval(secs => ${MINING_LAG_SECONDS})`;
  const candidates = await queryRows<{ customer_guid: string }>(
    db,
    sql`SELECT p.customer_guid FROM player_loyalty p
         WHERE p.last_played_at > now() - ${window} AND ${due}
         ORDER BY p.mined_until LIMIT ${MINING_BATCH}`,
  );
  let accrued = 0;
  let coinsPlayers = 0;
  for (const { customer_guid: player } of candidates) {
    try {
      const result = await db.transaction(async (tx) => {
        const [locked] = await queryRows<{ customer_guid: string }>(
          tx,
          sql`SELECT p.customer_guid FROM player_loyalty p
               WHERE p.customer_guid = ${player}::uuid AND p.last_played_at > now() - ${window} AND ${due}
               FOR UPDATE SKIP LOCKED`,
        );
        if (!locked) return null;
        const [accrual] = await queryRows<Accrual>(
          tx,
          sql`WITH bounds AS (
                SELECT b.start_at,
                       b.start_at + make_interval(secs => floor(extract(epoch FROM (now() - make_interval(secs => ${MINING_LAG_SECONDS}) - b.start_at))
                                                                / ${periodSeconds}) * ${periodSeconds}) AS end_at
                  FROM (SELECT GREATEST(p.mined_until, now() - ${window}) AS start_at FROM player_loyalty p WHERE p.customer_guid = ${player}::uuid) b),
              active AS (
                SELECT COALESCE(sum(GREATEST(0, extract(epoch FROM LEAST(sp.ended_at, bounds.end_at) - GREATEST(sp.started_at, bounds.start_at)))), 0) AS seconds
                  FROM bounds JOIN loyalty_activity_spans sp
                    ON sp.customer_guid = ${player}::uuid AND sp.ended_at > bounds.start_at AND sp.started_at < bounds.end_at),
              totals AS (
                SELECT bounds.start_at, bounds.end_at, extract(epoch FROM bounds.end_at - bounds.start_at) AS total_seconds,
                       LEAST(active.seconds, extract(epoch FROM bounds.end_at - bounds.start_at)) AS active_seconds
                  FROM bounds, active)
              SELECT to_char(t.start_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS period_start,
                     to_char(t.end_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS period_end,
                     round(t.total_seconds)::int AS total_seconds, round(t.active_seconds)::int AS active_seconds,
                     trim_scale(trunc((${settings.active_speed_per_hour}::numeric * t.active_seconds
                            + ${settings.passive_speed_per_hour}::numeric * (t.total_seconds - t.active_seconds)) / 3600 * mm.multiplier, 4))::text AS coins
                FROM totals t, ${miningMultiplierSql(sql`${player}::uuid`)}`,
        );
        if (!accrual || accrual.total_seconds <= 0) return null;
        let credited = false;
        if (Number(accrual.coins) > 0) {
          const moved = await moveCoins(tx, {
            playerGuid: player,
            idempotencyKey: `mining:${player}:${accrual.period_start}`,
            kind: "mining",
            signedAmount: accrual.coins,
            period: { start: accrual.period_start, end: accrual.period_end, activeSeconds: accrual.active_seconds },
          });
          credited = moved.status === "moved";
        }
        await tx.execute(
          sql`UPDATE player_loyalty SET mined_until = ${accrual.period_end}::timestamptz, updated_at = now() WHERE customer_guid = ${player}::uuid`,
        );
        // Spans wholly before the accrued point are never read again.
        await tx.execute(
          sql`DELETE FROM loyalty_activity_spans WHERE customer_guid = ${player}::uuid AND ended_at <= ${accrual.period_end}::timestamptz`,
        );
        return credited;
      });
      if (result === null) continue;
      accrued += 1;
      if (result) coinsPlayers += 1;
    } catch (error) {
      // Another process credited the same period first (its key): nothing to do for this player now.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
  }
  return { accrued, coins_players: coinsPlayers };
}
