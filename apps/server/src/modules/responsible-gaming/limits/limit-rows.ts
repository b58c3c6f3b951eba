import { sql, type SQL } from "drizzle-orm";
import type { LimitPeriod, LimitType, PlayerLimit } from "@croupier/contract/entities/limits";
import { queryRows, type SqlExecutor } from "../../../lib/sql-executor.ts";

/** A player_limits row joined with its currency and usage, as selectLimitRows reads it. */
export type LimitRow = {
  guid: string;
  kind: LimitType;
  period: LimitPeriod | null;
  currency_guid: string | null;
  currency_code: string | null;
  decimals: number | null;
  amount: string | null;
  minutes: number | null;
  used: string | null;
  remaining: string | null;
  used_minutes: number | null;
  pending_amount: string | null;
  pending_minutes: number | null;
  pending_removal: boolean;
  pending_requested_at: string | null;
  pending_effective_at: string | null;
  confirmable: boolean;
  created_at: string;
  updated_at: string;
};

/**
 * The player's limits matching `where` (over `player_limits l`), with their currency, usage from
 * player_limit_used (the very rule the deposit and bet refusals apply), the room left (in SQL), and
 * the minutes of the player's current login session for the session-time limit. FOR UPDATE locks
 * the limit rows (not the currencies) for a change.
 */
export async function selectLimitRows(executor: SqlExecutor, where: SQL, options: { forUpdate?: boolean } = {}): Promise<LimitRow[]> {
  return queryRows<LimitRow>(
    executor,
    sql`SELECT l.guid, l.kind, l.period, l.currency_guid, c.code AS currency_code, c.decimals,
               trim_scale(l.amount)::text AS amount, l.minutes,
               trim_scale(u.used)::text AS used, trim_scale(GREATEST(l.amount - u.used, 0))::text AS remaining,
               CASE WHEN l.kind = 'session_time' THEN (
                 SELECT floor(extract(epoch FROM now() - COALESCE(s.logged_in_at, s.created_at)) / 60)::int
                   FROM sessions s WHERE s.user_guid = l.user_guid AND s.finished_at IS NULL
                  ORDER BY s.created_at DESC LIMIT 1) END AS used_minutes,
               trim_scale(l.pending_amount)::text AS pending_amount, l.pending_minutes, l.pending_removal,
               l.pending_requested_at::text, l.pending_effective_at::text,
               COALESCE(l.pending_effective_at <= now(), false) AS confirmable,
               l.created_at::text, l.updated_at::text
          FROM player_limits l
          LEFT JOIN currencies c ON c.guid = l.currency_guid
          CROSS JOIN LATERAL (SELECT CASE WHEN l.kind = 'session_time' THEN NULL
                                          ELSE player_limit_used(l.kind, l.period, l.user_guid, l.currency_guid) END AS used) u
         WHERE ${where}
         ORDER BY array_position(ARRAY['deposit','loss','wager','session_time']::text[], l.kind::text),
                  array_position(ARRAY['day','week','month']::text[], l.period::text), c.code
         ${options.forUpdate ? sql`FOR UPDATE OF l` : sql``}`,
  );
}

export function toPlayerLimit(row: LimitRow): PlayerLimit {
  return {
    guid: row.guid,
    limit_type: row.kind,
    period: row.period,
    currency_guid: row.currency_guid,
    currency_code: row.currency_code,
    decimals: row.decimals,
    amount: row.amount,
    minutes: row.minutes,
    used: row.used,
    remaining: row.remaining,
    used_minutes: row.used_minutes,
    pending:
      row.pending_effective_at && row.pending_requested_at
        ? {
            amount: row.pending_amount,
            minutes: row.pending_minutes,
            removal: row.pending_removal,
            requested_at: row.pending_requested_at,
            effective_at: row.pending_effective_at,
            confirmable: row.confirmable,
          }
        : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
