import { sql } from "drizzle-orm";
import type { DailyReport, DailyReportRow, ReportTotalsRow } from "@croupier/contract/backoffice/reports";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import {
  ADJUSTMENTS,
  BONUS_COST,
  localDay,
  DEPOSITS,
  GGR,
  money,
  STAKES,
  WINS,
  WITHDRAWALS,
  windowEnd,
  windowMoves,
  windowStart,
  type ReportWindow,
} from "./report-window.ts";

type Row = Omit<DailyReportRow, "date"> & { date: string | null };

const MONEY_COLUMNS = ["deposits", "withdrawals", "stakes", "wins", "ggr", "bonus_cost", "adjustments"] as const;
// The window's rows (day NULL) are keyed by this day, so every join below is a plain equality.
const WINDOW_DAY = sql`'infinity'::date`;

/**
 * GET /reports/daily: per day (of the window's time zone) and currency, and per currency over the whole window, in one
 * statement. Every day of the window appears for every currency with activity in it (or the one
 * asked for), zeros included. Shaped for large windows (scripts/bench/reports.ts): sums by hash
 * aggregation, distinct players counted from (day, currency, player) triples, first deposits looked
 * up once per depositor rather than once per deposit.
 */
export async function getDailyReport(executor: SqlExecutor, window: ReportWindow): Promise<DailyReport> {
  const currency = window.currencyGuid;
  const rows = await queryRows<Row>(
    executor,
    sql`WITH m AS MATERIALIZED (${windowMoves(window)}),
        daily AS (
          SELECT m.day, m.currency_guid, ${DEPOSITS} AS deposits, ${WITHDRAWALS} AS withdrawals, ${STAKES} AS stakes,
                 ${WINS} AS wins, ${GGR} AS ggr, ${BONUS_COST} AS bonus_cost, ${ADJUSTMENTS} AS adjustments
            FROM m GROUP BY m.day, m.currency_guid),
        figures AS (
          SELECT * FROM daily
          UNION ALL
          SELECT ${WINDOW_DAY}, currency_guid, ${sql.join(
            MONEY_COLUMNS.map((c) => sql.raw(`sum(${c})`)),
            sql`, `,
          )} FROM daily GROUP BY currency_guid),
        bettors AS (
          SELECT m.day, m.currency_guid, m.debit_owner AS owner FROM m
           WHERE m.kind = 'bet' AND m.credit_kind = 'house_game' GROUP BY 1, 2, 3),
        players AS (
          SELECT day, currency_guid, count(*)::int AS n FROM bettors GROUP BY 1, 2
          UNION ALL
          SELECT ${WINDOW_DAY}, currency_guid, count(DISTINCT owner)::int FROM bettors GROUP BY 2),
        -- First-time depositors: each player who deposited in the window, and their first deposit
        -- ever (any currency), counted where that first deposit falls in the window.
        depositors AS (
          SELECT DISTINCT m.credit_owner AS owner FROM m
           WHERE m.kind = 'deposit' AND m.debit_kind = 'payment_clearing' AND m.credit_kind = 'player_cash'),
        firsts AS (
          SELECT ${localDay(window, sql`f.created_at`)} AS day, f.currency_guid
            FROM depositors o
            CROSS JOIN LATERAL (
              SELECT e.created_at, e.currency_guid
                FROM ledger_accounts a
                JOIN ledger_transfers e ON e.credit_account_guid = a.guid AND e.kind = 'deposit'
               WHERE a.owner = o.owner AND a.kind = 'player_cash'
               ORDER BY e.created_at, e.guid
               LIMIT 1) f
           WHERE f.created_at >= ${windowStart(window)} AND f.created_at < ${windowEnd(window)}
             AND (${currency}::uuid IS NULL OR f.currency_guid = ${currency}::uuid)),
        first_counts AS (
          SELECT day, currency_guid, count(*)::int AS n FROM firsts GROUP BY 1, 2
          UNION ALL
          SELECT ${WINDOW_DAY}, currency_guid, count(*)::int FROM firsts GROUP BY 2),
        currencies_seen AS (
          SELECT DISTINCT currency_guid FROM daily
          UNION SELECT ${currency}::uuid WHERE ${currency}::uuid IS NOT NULL),
        grid AS (
          SELECT d::date AS day, s.currency_guid
            FROM generate_series(${window.from}::date, ${window.to}::date, interval '1 day') AS d
           CROSS JOIN currencies_seen s
          UNION ALL
          SELECT ${WINDOW_DAY}, s.currency_guid FROM currencies_seen s)
        SELECT CASE WHEN g.day = ${WINDOW_DAY} THEN NULL ELSE to_char(g.day, 'YYYY-MM-DD') END AS date, c.code AS currency,
               ${sql.join(
                 MONEY_COLUMNS.map(
                   (column) => sql`${money(sql`COALESCE(${sql.raw(`f.${column}`)}, 0)`)} AS ${sql.raw(column)}`,
                 ),
                 sql`, `,
               )},
               ${money(sql`COALESCE(f.ggr, 0) - COALESCE(f.bonus_cost, 0)`)} AS ngr,
               COALESCE(p.n, 0)::int AS active_players,
               COALESCE(fc.n, 0)::int AS first_time_depositors
          FROM grid g
          JOIN currencies c ON c.guid = g.currency_guid
          LEFT JOIN figures f ON f.currency_guid = g.currency_guid AND f.day = g.day
          LEFT JOIN players p ON p.currency_guid = g.currency_guid AND p.day = g.day
          LEFT JOIN first_counts fc ON fc.currency_guid = g.currency_guid AND fc.day = g.day
         ORDER BY g.day, c.code`,
  );
  const days: DailyReportRow[] = [];
  const totals: ReportTotalsRow[] = [];
  for (const { date, ...figures } of rows) {
    if (date === null) totals.push(figures);
    else days.push({ date, ...figures });
  }
  return { from: window.from, to: window.to, time_zone: window.timeZone, days, totals };
}
