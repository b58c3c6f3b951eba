import { sql } from "drizzle-orm";
import type { DailyReport, DailyReportRow, ReportTotalsRow } from "@croupier/contract/backoffice/reports";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import {
  BETTING_PLAYERS,
  BONUS_COST,
  DEPOSITS,
  GGR,
  money,
  STAKES,
  WINS,
  WITHDRAWALS,
  windowMoves,
  type ReportWindow,
} from "./report-window.ts";

type Row = Omit<DailyReportRow, "date"> & { date: string | null };

/**
 * GET /reports/daily: per UTC day and currency, and per currency over the whole window, in one
 * statement (GROUPING SETS, so the window's active players count each player once). Every day of
 * the window appears for every currency with activity in it (or the one asked for), zeros included.
 */
export async function getDailyReport(executor: SqlExecutor, window: ReportWindow): Promise<DailyReport> {
  const deposit = sql`m.kind = 'deposit' AND m.debit_kind = 'payment_clearing' AND m.credit_kind = 'player_cash'`;
  const rows = await queryRows<Row>(
    executor,
    sql`WITH m AS MATERIALIZED (${windowMoves(window)}),
        figures AS (
          SELECT (m.created_at AT TIME ZONE 'UTC')::date AS day, m.currency_guid,
                 ${DEPOSITS} AS deposits, ${WITHDRAWALS} AS withdrawals, ${STAKES} AS stakes, ${WINS} AS wins,
                 ${GGR} AS ggr, ${BONUS_COST} AS bonus_cost, ${BETTING_PLAYERS} AS active_players
            FROM m
           GROUP BY GROUPING SETS (((m.created_at AT TIME ZONE 'UTC')::date, m.currency_guid), (m.currency_guid))),
        -- A first deposit: no deposit of the same player (any currency) settled before it.
        first_deposits AS (
          SELECT (m.created_at AT TIME ZONE 'UTC')::date AS day, m.currency_guid, count(DISTINCT m.credit_owner)::int AS n
            FROM m
           WHERE ${deposit}
             AND NOT EXISTS (
                   SELECT 1 FROM ledger_accounts a
                     JOIN ledger_transfers e ON e.credit_account_guid = a.guid
                    WHERE a.owner = m.credit_owner AND a.kind = 'player_cash'
                      AND e.kind = 'deposit' AND e.created_at < m.created_at)
           GROUP BY GROUPING SETS (((m.created_at AT TIME ZONE 'UTC')::date, m.currency_guid), (m.currency_guid))),
        currencies_seen AS (
          SELECT DISTINCT currency_guid FROM figures
          UNION SELECT ${window.currencyGuid}::uuid WHERE ${window.currencyGuid}::uuid IS NOT NULL),
        grid AS (
          SELECT d::date AS day, s.currency_guid
            FROM generate_series(${window.from}::date, ${window.to}::date, interval '1 day') AS d
           CROSS JOIN currencies_seen s
          UNION ALL
          SELECT NULL::date, s.currency_guid FROM currencies_seen s)
        SELECT to_char(g.day, 'YYYY-MM-DD') AS date, c.code AS currency,
               ${money(sql`COALESCE(f.deposits, 0)`)} AS deposits,
               ${money(sql`COALESCE(f.withdrawals, 0)`)} AS withdrawals,
               ${money(sql`COALESCE(f.stakes, 0)`)} AS stakes,
               ${money(sql`COALESCE(f.wins, 0)`)} AS wins,
               ${money(sql`COALESCE(f.ggr, 0)`)} AS ggr,
               ${money(sql`COALESCE(f.bonus_cost, 0)`)} AS bonus_cost,
               ${money(sql`COALESCE(f.ggr, 0) - COALESCE(f.bonus_cost, 0)`)} AS ngr,
               COALESCE(f.active_players, 0)::int AS active_players,
               COALESCE(fd.n, 0)::int AS first_time_depositors
          FROM grid g
          JOIN currencies c ON c.guid = g.currency_guid
          LEFT JOIN figures f ON f.currency_guid = g.currency_guid AND f.day IS NOT DISTINCT FROM g.day
          LEFT JOIN first_deposits fd ON fd.currency_guid = g.currency_guid AND fd.day IS NOT DISTINCT FROM g.day
         ORDER BY g.day NULLS LAST, c.code`,
  );
  const days: DailyReportRow[] = [];
  const totals: ReportTotalsRow[] = [];
  for (const { date, ...figures } of rows) {
    if (date === null) totals.push(figures);
    else days.push({ date, ...figures });
  }
  return { from: window.from, to: window.to, time_zone: "UTC", days, totals };
}
