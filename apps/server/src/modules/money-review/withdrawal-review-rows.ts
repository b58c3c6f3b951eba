import { sql, type SQL } from "drizzle-orm";
import {
  RECENT_CREDENTIAL_CHANGE_DAYS,
  UNUSUAL_RETURN_PERCENT,
  WIN_RATE_WINDOW_DAYS,
  type WithdrawalReviewItem,
} from "@croupier/contract/backoffice/money-review";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { baseCurrencyAmountSql } from "./base-currency-amount.ts";
import { cursorTime } from "./review-cursor.ts";

const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

type Row = Omit<WithdrawalReviewItem, "risk"> & {
  cursor_time: string;
  is_verified: boolean;
  deposits_total: string;
  withdrawals_total: string;
  password_changed_at: string | null;
  email_changed_at: string | null;
  shared_destination_players: number;
  stakes_30d: string;
  wins_30d: string;
  return_percent_30d: string | null;
  flag_unverified: boolean;
  flag_more_than_deposited: boolean;
  flag_unusual_win_rate: boolean;
};

/**
 * Withdrawals with their risk signals (ADR 018), for the queue and the detail: `where` and `tail` (order and
 * limit) are the caller's. Every signal is one lateral subquery per row over an index (payments by player,
 * cards by identity, payments by payout address, game transactions by player and time), so a page of 100
 * costs 100 small lookups, never a scan.
 */
export async function selectWithdrawalRows(
  db: SqlExecutor,
  where: SQL,
  tail: SQL,
): Promise<(WithdrawalReviewItem & { cursor_time: string })[]> {
  const rows = await queryRows<Row>(
    db,
    sql`SELECT p.guid AS id, p.customer_guid AS player_guid, u.email AS player_email, p.wallet_guid,
               c.code AS currency_code, c.decimals AS currency_decimals,
               round(p.amount, c.decimals)::text AS amount,
               round(${baseCurrencyAmountSql(sql`p.currency_guid`, sql`p.amount`)}, 2)::text AS base_amount,
               p.status, p.review_status, COALESCE(pm.name, ps.name) AS method,
               CASE WHEN pc.guid IS NOT NULL THEN pc.bin || '******' || pc.last4 ELSE p.external_account END AS destination,
               rs.email AS reviewed_by_email, ${iso(sql`p.reviewed_at`)} AS reviewed_at, ${iso(sql`p.created_at`)} AS created_at,
               ${cursorTime(sql`p.created_at`)} AS cursor_time,
               u.is_verified,
               round(totals.deposits, c.decimals)::text AS deposits_total,
               round(totals.withdrawals, c.decimals)::text AS withdrawals_total,
               CASE WHEN u.password_changed_at > now() - make_interval(days => ${RECENT_CREDENTIAL_CHANGE_DAYS})
                    THEN ${iso(sql`u.password_changed_at`)} END AS password_changed_at,
               CASE WHEN u.email_changed_at > now() - make_interval(days => ${RECENT_CREDENTIAL_CHANGE_DAYS})
                    THEN ${iso(sql`u.email_changed_at`)} END AS email_changed_at,
               shared.players::int AS shared_destination_players,
               round(play.stakes, c.decimals)::text AS stakes_30d,
               round(play.wins, c.decimals)::text AS wins_30d,
               CASE WHEN play.stakes > 0 THEN round(play.wins * 100 / play.stakes, 2)::text END AS return_percent_30d,
               NOT u.is_verified AS flag_unverified,
               -- A paid withdrawal is already in the lifetime total; count it once.
               totals.withdrawals + CASE WHEN p.status = 'successful' THEN 0 ELSE p.amount END > totals.deposits
                 AS flag_more_than_deposited,
               play.stakes > 0 AND play.wins * 100 > play.stakes * ${UNUSUAL_RETURN_PERCENT} AS flag_unusual_win_rate
          FROM payments p
          JOIN users u ON u.guid = p.customer_guid
          JOIN currencies c ON c.guid = p.currency_guid
          JOIN payment_systems ps ON ps.guid = p.payment_system_guid
          LEFT JOIN payment_methods pm ON pm.guid = p.payment_method_guid
          LEFT JOIN payment_cards pc ON pc.guid = p.card_guid
          LEFT JOIN staff_users rs ON rs.guid = p.reviewed_by
          CROSS JOIN LATERAL (
            SELECT COALESCE(sum(o.amount) FILTER (WHERE o.transaction_type = 'deposit'), 0) AS deposits,
                   COALESCE(sum(o.amount) FILTER (WHERE o.transaction_type = 'withdrawal'), 0) AS withdrawals
              FROM payments o
             WHERE o.customer_guid = p.customer_guid AND o.currency_guid = p.currency_guid AND o.status = 'successful') totals
          CROSS JOIN LATERAL (
            SELECT count(DISTINCT x.customer_guid) AS players FROM (
              SELECT oc.customer_guid FROM payment_cards oc
               WHERE pc.guid IS NOT NULL AND oc.bin = pc.bin AND oc.last4 = pc.last4
                 AND oc.exp_month = pc.exp_month AND oc.exp_year = pc.exp_year AND oc.customer_guid <> p.customer_guid
              UNION ALL
              SELECT op.customer_guid FROM payments op
               WHERE p.external_account IS NOT NULL AND op.external_account = p.external_account
                 AND op.customer_guid <> p.customer_guid) x) shared
          CROSS JOIN LATERAL (
            SELECT COALESCE(sum(g.bet_sum) FILTER (WHERE g.operation = 'bet'), 0)
                     - COALESCE(sum(g.bet_sum) FILTER (WHERE g.operation = 'rollback'), 0) AS stakes,
                   COALESCE(sum(g.win) FILTER (WHERE g.operation = 'win'), 0) AS wins
              FROM game_transactions g
             WHERE g.user_guid = p.customer_guid AND g.currency_guid = p.currency_guid
               AND g.created_at > now() - make_interval(days => ${WIN_RATE_WINDOW_DAYS})) play
         WHERE p.transaction_type = 'withdrawal' AND ${where}
         ${tail}`,
  );
  return rows.map((row) => {
    const flags = [
      row.flag_unverified && "unverified",
      row.flag_more_than_deposited && "withdrawing_more_than_deposited",
      row.password_changed_at && "recent_password_change",
      row.email_changed_at && "recent_email_change",
      row.shared_destination_players > 0 && "shared_payout_destination",
      row.flag_unusual_win_rate && "unusual_win_rate",
    ].filter((flag): flag is string => typeof flag === "string");
    return {
      id: row.id,
      player_guid: row.player_guid,
      player_email: row.player_email,
      wallet_guid: row.wallet_guid,
      currency_code: row.currency_code,
      currency_decimals: row.currency_decimals,
      amount: row.amount,
      base_amount: row.base_amount,
      status: row.status,
      review_status: row.review_status,
      method: row.method,
      destination: row.destination,
      reviewed_by_email: row.reviewed_by_email,
      reviewed_at: row.reviewed_at,
      created_at: row.created_at,
      cursor_time: row.cursor_time,
      risk: {
        is_verified: row.is_verified,
        deposits_total: row.deposits_total,
        withdrawals_total: row.withdrawals_total,
        password_changed_at: row.password_changed_at,
        email_changed_at: row.email_changed_at,
        shared_destination_players: row.shared_destination_players,
        stakes_30d: row.stakes_30d,
        wins_30d: row.wins_30d,
        return_percent_30d: row.return_percent_30d,
        flags,
      },
    };
  });
}
