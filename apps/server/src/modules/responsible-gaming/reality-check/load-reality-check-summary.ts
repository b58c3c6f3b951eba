import { sql } from "drizzle-orm";
import type { RealityCheckSummary } from "@croupier/contract/entities/reality-check";
import { AppError } from "../../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";
import type { RealityCheckPolicy } from "./reality-check-policy.ts";
import { loadRealityCheckSetting } from "./load-reality-check-setting.ts";

/**
 * GET /responsible-gaming/reality-check/summary: this login session so far. Time since the login;
 * per currency the stakes (less rolled-back ones) and wins since then, free spins left out (the
 * operator's money). Due (and bets refused) when the interval has passed since the newest
 * login or the last answer, as player_reality_check_due says.
 */
export async function loadRealityCheckSummary(
  executor: SqlExecutor,
  policy: RealityCheckPolicy,
  input: { playerId: string; sessionId: string },
): Promise<RealityCheckSummary> {
  const setting = await loadRealityCheckSetting(executor, policy, input.playerId);
  const [session] = await queryRows<{ started_at: string; elapsed_seconds: number; next_due_at: string | null; due: boolean }>(
    executor,
    sql`
      SELECT s.started_at::text AS started_at,
             floor(extract(epoch FROM now() - s.started_at))::int AS elapsed_seconds,
             CASE WHEN ${setting.interval_minutes}::int > 0
                  THEN (GREATEST(n.started_at, ${setting.acknowledged_at}::timestamptz)
                        + make_interval(mins => ${setting.interval_minutes}::int))::text END AS next_due_at,
             player_reality_check_due(${input.playerId}::uuid) AS due
        FROM (SELECT COALESCE(logged_in_at, created_at) AS started_at FROM sessions
               WHERE guid = ${input.sessionId} AND user_guid = ${input.playerId}) s,
             -- The bet gate times the player's newest live login (player_reality_check_due): so does next_due_at.
             (SELECT max(COALESCE(logged_in_at, created_at)) AS started_at FROM sessions
               WHERE user_guid = ${input.playerId} AND finished_at IS NULL AND refresh_expires_at > now()) n`,
  );
  if (!session) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  const results = await queryRows<{ currency: string; stakes: string; wins: string; net: string }>(
    executor,
    sql`
      SELECT c.code AS currency, trim_scale(u.stakes)::text AS stakes, trim_scale(u.wins)::text AS wins,
             trim_scale(u.wins - u.stakes)::text AS net
        FROM (SELECT g.currency_guid,
                     COALESCE(sum(g.bet_sum) FILTER (WHERE g.operation = 'bet'), 0)
                       - COALESCE(sum(g.win) FILTER (WHERE g.operation = 'rollback'), 0) AS stakes,
                     COALESCE(sum(g.win) FILTER (WHERE g.operation = 'win'), 0) AS wins
                FROM game_transactions g
               WHERE g.user_guid = ${input.playerId} AND g.created_at >= ${session.started_at}::timestamptz AND NOT g.freespin
               GROUP BY g.currency_guid) u
        JOIN currencies c ON c.guid = u.currency_guid
       ORDER BY c.code
       LIMIT 20`,
  );
  return {
    interval_minutes: setting.interval_minutes,
    started_at: session.started_at,
    elapsed_seconds: Number(session.elapsed_seconds),
    next_due_at: session.next_due_at,
    due: session.due,
    results,
  };
}
