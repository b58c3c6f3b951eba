import { sql, type SQL } from "drizzle-orm";

/** Rows of a run's period younger than this stay out even when no transaction is open (as scanGameTransactions). */
export const CASHBACK_SAFETY_LAG_SECONDS = 1;

/**
 * Cashback campaigns at their current version, each with the period running now: it starts where the
 * campaign's last run ended (the first at the version's start date, else the campaign's creation) and
 * ends at the next UTC day or ISO week boundary (Monday 00:00 UTC), or at the campaign's end date if
 * that comes first. Once a running campaign ended (ended_at, migration 0041) its final period ends at
 * the campaign's end, min(end_date, ended_at), whatever the calendar: play after the end never counts.
 * Aliases: bc (campaign), v (current version), p (period_start, period_end).
 * Fixed 24 h / 168 h steps: the session's time zone can never make a day 23 or 25 hours long.
 */
export const cashbackCampaignsWithPeriod: SQL = sql`bonus_campaigns bc
  JOIN bonus_campaign_versions v ON v.guid = bc.current_version_guid AND v.bonus_type = 'cashback'
  CROSS JOIN LATERAL (
    SELECT COALESCE((SELECT max(r.period_end) FROM cashback_runs r WHERE r.bonus_guid = bc.bonus_guid), v.start_date, bc.created_at)
             AS period_start) ps
  CROSS JOIN LATERAL (
    SELECT CASE v.cashback_period WHEN 'daily' THEN date_trunc('day', ps.period_start, 'UTC') + interval '24 hours'
                ELSE date_trunc('week', ps.period_start, 'UTC') + interval '168 hours' END AS natural_end) n
  CROSS JOIN LATERAL (
    SELECT ps.period_start,
           COALESCE(CASE WHEN bc.status = 'ended' AND bc.ended_at IS NOT NULL THEN LEAST(bc.ended_at, v.end_date) END,
                    CASE WHEN v.end_date > ps.period_start THEN LEAST(n.natural_end, v.end_date) ELSE n.natural_end END) AS period_end) p`;

/**
 * Campaigns whose periods still close: running or paused ones (a paused campaign's period closes on
 * schedule and is paid once it resumes), up to their end date; and a campaign that ended while it ran,
 * once more, for the final period up to its end (the engine pays cashback earned before the end,
 * grantBonus earnedUntil). An ended campaign without ended_at (it never ran, or ended before migration
 * 0041) closes nothing more.
 */
export const periodsStillClose: SQL = sql`((bc.status IN ('active', 'paused') AND (v.end_date IS NULL OR p.period_start < v.end_date))
  OR (bc.status = 'ended' AND bc.ended_at IS NOT NULL AND p.period_start < p.period_end))`;

/**
 * True once nothing can still write a ledger transfer dated before `periodEnd`: the end is more than
 * the safety lag ago, and every transaction open in this database now started at or after it
 * (created_at is the inserting transaction's start, so a transfer dated in the period comes only
 * from a transaction that started in it). Run it in its own statement, outside the counting
 * transaction: pg_stat_activity is read once per transaction.
 */
export function periodSettled(periodEnd: string): SQL {
  return sql`SELECT (now() - make_interval(secs => ${CASHBACK_SAFETY_LAG_SECONDS}) >= ${periodEnd}::timestamptz)
                AND COALESCE((SELECT min(a.xact_start) FROM pg_stat_activity a
                               WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.xact_start IS NOT NULL)
                             >= ${periodEnd}::timestamptz, true) AS settled`;
}

/**
 * A payout's cashback: the percent of the positive net loss, truncated to the currency's decimals and
 * capped by max_bonus_sum (0 = no cap). Aliases: p (cashback_payouts), t (the run's currency terms),
 * c (currencies).
 */
export const payoutAmount: SQL = sql`trunc(CASE WHEN t.max_bonus_sum > 0
                   THEN LEAST(GREATEST(p.staked - p.returned, 0) * t.cashback_percent / 100, t.max_bonus_sum)
                   ELSE GREATEST(p.staked - p.returned, 0) * t.cashback_percent / 100 END, c.decimals)`;

/** A timestamp as ISO 8601 UTC with microseconds: period bounds are exact instants. */
export const iso = (column: SQL): SQL => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
