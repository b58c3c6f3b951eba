import { sql, type SQL } from "drizzle-orm";
import type { Pager } from "@croupier/contract/envelope";
import type { GameTransaction, GameTransactionsQuery } from "@croupier/contract/entities/game-transaction";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../lib/sql-executor.ts";

/** GET /games/game-transaction: the player's own game transactions, newest first, with the contract's filters. */
export async function listGameTransactions(
  db: Db,
  playerGuid: string,
  query: GameTransactionsQuery,
): Promise<{ items: GameTransaction[]; pager: Pager }> {
  const filters: SQL[] = [sql`g.user_guid = ${playerGuid}::uuid`];
  if (query.game_guid) filters.push(sql`g.game_guid = ${query.game_guid}::uuid`);
  if (query.bet_sum_from) filters.push(sql`g.bet_sum >= ${query.bet_sum_from}::numeric`);
  if (query.bet_sum_to) filters.push(sql`g.bet_sum <= ${query.bet_sum_to}::numeric`);
  if (query.win_sum_from) filters.push(sql`g.win >= ${query.win_sum_from}::numeric`);
  if (query.win_sum_to) filters.push(sql`g.win <= ${query.win_sum_to}::numeric`);
  if (query.created_at_from) filters.push(sql`g.created_at >= ${query.created_at_from}::timestamptz`);
  // A bare date as the upper bound means "through the end of that day".
  if (query.created_at_to) {
    filters.push(
      /^\d{4}-\d{2}-\d{2}$/.test(query.created_at_to)
        ? sql`g.created_at < ${query.created_at_to}::date + 1`
        : sql`g.created_at <= ${query.created_at_to}::timestamptz`,
    );
  }
  const where = sql.join(filters, sql` AND `);
  const iso = (column: SQL) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const amount = (column: SQL) => sql`round(${column}, c.decimals)::text`;

  const items = await queryRows<GameTransaction>(
    db,
    sql`SELECT g.guid, g.user_guid, (SELECT guid FROM project_settings ORDER BY created_at LIMIT 1) AS project_guid,
               g.game_guid, g.currency_guid,
               ${amount(sql`g.bet_sum`)} AS bet_sum, ${amount(sql`g.win`)} AS win,
               ${amount(sql`(g.win - g.bet_sum)`)} AS bet_win,
               ${amount(sql`g.balance_before`)} AS balance_before, ${amount(sql`g.balance_after`)} AS balance_after,
               g.session_id, g.tradeid, g.betid, g.isbet, g.finish, g.freespin, g.info,
               ${iso(sql`g.created_at`)} AS created_at, ${iso(sql`g.updated_at`)} AS updated_at,
               gm.game_name, gm.game_icon, gm.provider_guid,
               ${amount(sql`g.bonus_bet`)} AS bonus_bet, ${amount(sql`g.jackpot_win`)} AS jackpot_win,
               g.correlation_guid,
               -- In-game conversion (ADR 006): the call in the play currency; null otherwise.
               round(g.exchange_balance_before, pc.decimals)::text AS exchange_balance_before,
               round(g.exchange_balance_after, pc.decimals)::text AS exchange_balance_after,
               round(g.exchange_bet_sum, pc.decimals)::text AS exchange_bet_sum,
               round(g.exchange_win, pc.decimals)::text AS exchange_win,
               round(g.exchange_win - g.exchange_bet_sum, pc.decimals)::text AS exchange_bet_win,
               g.exchange_guid, trim_scale(g.exchange_price)::text AS exchange_price
          FROM game_transactions g
          JOIN currencies c ON c.guid = g.currency_guid
          LEFT JOIN game_sessions s ON s.guid = g.session_id
          LEFT JOIN currencies pc ON pc.guid = s.play_currency_guid
          LEFT JOIN games gm ON gm.guid = g.game_guid
         WHERE ${where}
         ORDER BY g.created_at DESC, g.seq DESC
         LIMIT ${query.per_page} OFFSET ${(query.page - 1) * query.per_page}`,
  );
  const [count] = await queryRows<{ total: number }>(
    db,
    sql`SELECT count(*)::int AS total FROM game_transactions g WHERE ${where}`,
  );
  return { items, pager: { page: query.page, per_page: query.per_page, total: count?.total ?? 0 } };
}
