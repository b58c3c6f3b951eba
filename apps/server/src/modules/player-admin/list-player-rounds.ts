import { sql } from "drizzle-orm";
import type { PageQuery, PlayerRoundsPage } from "@croupier/contract/backoffice/players";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { afterCursor, cursorTime, pageFrom } from "./keyset-cursor.ts";

type Row = {
  guid: string;
  seq: string;
  operation: "bet" | "win" | "rollback";
  provider_code: string;
  game_code: string;
  game_name: string | null;
  studio: string | null;
  betid: string;
  bet_sum: string;
  win: string;
  bonus_bet: string;
  balance_before: string;
  balance_after: string;
  currency: string;
  decimals: number;
  finish: boolean;
  freespin: boolean;
  created_at: string;
};

/**
 * GET /players/:id/rounds: the player's game transactions (bets, wins, rollbacks) with their game,
 * studio and game provider, newest first (index game_transactions_user_created_idx).
 */
export async function listPlayerRounds(db: SqlExecutor, playerId: string, query: PageQuery): Promise<PlayerRoundsPage> {
  const rows = await queryRows<Row>(
    db,
    sql`
      SELECT g.guid, g.seq::text AS seq, g.operation, g.provider_code, g.game_code, gm.game_name, pr.name AS studio,
             g.betid, trim_scale(g.bet_sum)::text AS bet_sum, trim_scale(g.win)::text AS win,
             trim_scale(g.bonus_bet)::text AS bonus_bet, trim_scale(g.balance_before)::text AS balance_before,
             trim_scale(g.balance_after)::text AS balance_after, c.code AS currency, c.decimals, g.finish, g.freespin,
             ${cursorTime(sql`g.created_at`)} AS created_at
        FROM game_transactions g
        JOIN currencies c ON c.guid = g.currency_guid
        LEFT JOIN games gm ON gm.guid = g.game_guid
        LEFT JOIN providers pr ON pr.guid = gm.provider_guid
       WHERE g.user_guid = ${playerId}
         AND ${afterCursor(query.cursor, "time-bigint", [sql`g.created_at`, sql`g.seq`])}
       ORDER BY g.created_at DESC, g.seq DESC
       LIMIT ${query.limit + 1}`,
  );
  const page = pageFrom(rows, query.limit, (row) => [row.created_at, row.seq]);
  return {
    items: page.rows.map((row) => ({
      id: row.guid,
      operation: row.operation,
      provider: row.provider_code,
      game_code: row.game_code,
      game_name: row.game_name,
      studio: row.studio,
      round_id: row.betid,
      bet: row.bet_sum,
      win: row.win,
      bonus_bet: row.bonus_bet,
      balance_before: row.balance_before,
      balance_after: row.balance_after,
      currency: row.currency,
      decimals: Number(row.decimals),
      round_closed: row.finish,
      free_spin: row.freespin,
      created_at: row.created_at,
    })),
    next_cursor: page.next_cursor,
  };
}
