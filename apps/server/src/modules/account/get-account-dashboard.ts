import { sql } from "drizzle-orm";
import type { AccountDashboard, DashboardCurrency, DashboardRange } from "@croupier/contract/entities/account";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

type DayRow = {
  currency_guid: string;
  currency_code: string;
  date: string;
  deposits: string;
  withdrawals: string;
  stakes: string;
  wins: string;
  net_deposits: string;
  net_loss: string;
  total_deposits: string;
  total_withdrawals: string;
  total_stakes: string;
  total_wins: string;
};

/**
 * The player's net position per currency and UTC day over the last `days` days, summed in SQL from
 * the ledger: every transfer into or out of the player's cash accounts, signed from the player's
 * side (+ in, − out). Deposits, withdrawals (less refunds), stakes (less rolled-back stakes) and wins
 * (less rolled-back wins); bonus money, adjustments and corrections are not the player's own play or
 * payments and stay out. Each day is listed, zeros included, with running totals for the chart.
 */
export async function getAccountDashboard(
  executor: SqlExecutor,
  input: { userGuid: string; days: DashboardRange },
): Promise<AccountDashboard> {
  const [range] = await queryRows<{ from_date: string; to_date: string }>(
    executor,
    sql`SELECT to_char((now() AT TIME ZONE 'UTC')::date - ${input.days - 1}::int, 'YYYY-MM-DD') AS from_date,
               to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS to_date`,
  );
  const { from_date: from, to_date: to } = range!;
  const rows = await queryRows<DayRow>(
    executor,
    sql`WITH bounds AS (SELECT ${from}::date AS from_date, ${to}::date AS to_date),
        cash AS (
          SELECT a.guid, a.currency_guid FROM ledger_accounts a
           WHERE a.owner = ${input.userGuid}::text AND a.kind = 'player_cash'
        ),
        -- Two index scans (credit side, debit side) rather than one OR join.
        moves AS (
          SELECT a.currency_guid, t.kind, t.amount AS signed, t.created_at FROM cash a
            JOIN ledger_transfers t ON t.credit_account_guid = a.guid
           WHERE t.created_at >= (SELECT from_date FROM bounds)::timestamp AT TIME ZONE 'UTC'
          UNION ALL
          SELECT a.currency_guid, t.kind, -t.amount AS signed, t.created_at FROM cash a
            JOIN ledger_transfers t ON t.debit_account_guid = a.guid
           WHERE t.created_at >= (SELECT from_date FROM bounds)::timestamp AT TIME ZONE 'UTC'
        ),
        daily AS (
          SELECT currency_guid, (created_at AT TIME ZONE 'UTC')::date AS day,
                 coalesce(sum(signed) FILTER (WHERE kind = 'deposit'), 0) AS deposits,
                 coalesce(-sum(signed) FILTER (WHERE kind IN ('withdrawal', 'withdrawal_refund')), 0) AS withdrawals,
                 -- A bet rollback pays the stake back (in); a win rollback takes the win back (out).
                 coalesce(-sum(signed) FILTER (WHERE kind = 'bet' OR (kind = 'rollback' AND signed > 0)), 0) AS stakes,
                 coalesce(sum(signed) FILTER (WHERE kind IN ('win', 'free_spin_win') OR (kind = 'rollback' AND signed < 0)), 0) AS wins
            FROM moves
           WHERE kind IN ('deposit', 'withdrawal', 'withdrawal_refund', 'bet', 'win', 'free_spin_win', 'rollback')
           GROUP BY currency_guid, (created_at AT TIME ZONE 'UTC')::date
        ),
        series AS (
          SELECT cur.currency_guid, d.day::date AS day,
                 coalesce(dl.deposits, 0) AS deposits, coalesce(dl.withdrawals, 0) AS withdrawals,
                 coalesce(dl.stakes, 0) AS stakes, coalesce(dl.wins, 0) AS wins
            FROM (SELECT DISTINCT currency_guid FROM daily) cur
           CROSS JOIN bounds b
           CROSS JOIN LATERAL generate_series(b.from_date::timestamp, b.to_date::timestamp, interval '1 day') AS d(day)
            LEFT JOIN daily dl ON dl.currency_guid = cur.currency_guid AND dl.day = d.day::date
        )
        SELECT s.currency_guid, c.code AS currency_code, to_char(s.day, 'YYYY-MM-DD') AS date,
               round(s.deposits, c.decimals)::text AS deposits,
               round(s.withdrawals, c.decimals)::text AS withdrawals,
               round(s.stakes, c.decimals)::text AS stakes,
               round(s.wins, c.decimals)::text AS wins,
               round(sum(s.deposits - s.withdrawals) OVER w, c.decimals)::text AS net_deposits,
               round(sum(s.stakes - s.wins) OVER w, c.decimals)::text AS net_loss,
               round(sum(s.deposits) OVER p, c.decimals)::text AS total_deposits,
               round(sum(s.withdrawals) OVER p, c.decimals)::text AS total_withdrawals,
               round(sum(s.stakes) OVER p, c.decimals)::text AS total_stakes,
               round(sum(s.wins) OVER p, c.decimals)::text AS total_wins
          FROM series s JOIN currencies c ON c.guid = s.currency_guid
        WINDOW w AS (PARTITION BY s.currency_guid ORDER BY s.day), p AS (PARTITION BY s.currency_guid)
         ORDER BY c.code, s.day`,
  );
  const byCurrency = new Map<string, DashboardCurrency>();
  for (const row of rows) {
    const day = {
      date: row.date,
      deposits: row.deposits,
      withdrawals: row.withdrawals,
      stakes: row.stakes,
      wins: row.wins,
      net_deposits: row.net_deposits,
      net_loss: row.net_loss,
    };
    const entry: DashboardCurrency = byCurrency.get(row.currency_guid) ?? {
      currency_guid: row.currency_guid,
      currency_code: row.currency_code,
      totals: { deposits: "0", withdrawals: "0", stakes: "0", wins: "0", net_deposits: "0", net_loss: "0" },
      days: [],
    };
    entry.days.push(day);
    // Rows come oldest first: the last day's running totals are the range's.
    entry.totals = {
      deposits: row.total_deposits,
      withdrawals: row.total_withdrawals,
      stakes: row.total_stakes,
      wins: row.total_wins,
      net_deposits: row.net_deposits,
      net_loss: row.net_loss,
    };
    byCurrency.set(row.currency_guid, entry);
  }
  return { range_days: input.days, from, to, currencies: [...byCurrency.values()] };
}
