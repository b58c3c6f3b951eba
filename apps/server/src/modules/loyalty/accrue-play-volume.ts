import { sql } from "drizzle-orm";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import type { ScannedGameTransaction } from "../ledger/scan-game-transactions.ts";
import { baseCurrencyAmountSql } from "../money-review/base-currency-amount.ts";
import { applyPlayerLevels } from "./apply-player-levels.ts";

/**
 * The loyalty consumer of scanGameTransactions (in its transaction, rows in (created_at, seq) order):
 * - wagered volume in USD: each stake (bet_sum, cash and bonus parts) less each rollback's refund,
 *   free spins excluded (the operator's money), as the wager limits count them; converted with the
 *   stored rate of the direct pair with USD (baseCurrencyAmountSql); no stored rate counts 0;
 * - last_played_at and the playing spans mining reads (any bet, free spins included: that is play);
 * - the level of every player seen.
 * Returns how many levels changed.
 */
export async function accruePlayVolume(
  tx: SqlExecutor,
  rows: ScannedGameTransaction[],
  settings: { activityWindowSeconds: number; miningActiveDays: number },
): Promise<number> {
  const activityWindowSeconds = settings.activityWindowSeconds;
  if (rows.length === 0) return 0;
  const json = JSON.stringify(
    rows.map((r) => ({
      user_guid: r.user_guid,
      currency_guid: r.currency_guid,
      operation: r.operation,
      bet_sum: r.bet_sum,
      win: r.win,
      freespin: r.freespin,
      created_at: r.created_at,
    })),
  );
  const scanned = sql`SELECT * FROM jsonb_to_recordset(${json}::jsonb)
                        AS r(user_guid uuid, currency_guid uuid, operation text, bet_sum numeric, win numeric, freespin boolean, created_at timestamptz)`;
  // A player's row is created at their first stake; mining starts then.
  await tx.execute(
    sql`INSERT INTO player_loyalty (customer_guid, mined_until)
        SELECT r.user_guid, min(r.created_at) FROM (${scanned}) r WHERE r.operation = 'bet'
         GROUP BY r.user_guid ORDER BY r.user_guid
        ON CONFLICT (customer_guid) DO NOTHING`,
  );
  const players = await queryRows<{ customer_guid: string }>(
    tx,
    sql`WITH r AS (${scanned}),
             by_currency AS (
               SELECT r.user_guid, r.currency_guid,
                      sum(CASE WHEN r.freespin THEN 0 WHEN r.operation = 'bet' THEN r.bet_sum WHEN r.operation = 'rollback' THEN -r.win ELSE 0 END) AS amount,
                      max(r.created_at) FILTER (WHERE r.operation = 'bet') AS last_bet,
                      min(r.created_at) FILTER (WHERE r.operation = 'bet') AS first_bet
                 FROM r GROUP BY r.user_guid, r.currency_guid),
             by_player AS (
               SELECT pcur.user_guid,
                      sum(CASE WHEN pcur.amount = 0 THEN 0 ELSE COALESCE(${baseCurrencyAmountSql(sql`pcur.currency_guid`, sql`pcur.amount`)}, 0) END) AS usd,
                      max(pcur.last_bet) AS last_bet, min(pcur.first_bet) AS first_bet
                 FROM by_currency pcur GROUP BY pcur.user_guid)
        UPDATE player_loyalty p
           SET wagered_usd = GREATEST(p.wagered_usd + b.usd, 0),
               last_played_at = GREATEST(p.last_played_at, b.last_bet),
               -- Back after mining had stopped (no stake for mining_active_days): mining restarts at this
               -- stake, so the dormant stretch is never credited.
               mined_until = CASE WHEN p.last_played_at < b.first_bet - make_interval(days => ${settings.miningActiveDays})
                                  THEN GREATEST(p.mined_until, b.first_bet) ELSE p.mined_until END,
               updated_at = now()
          FROM by_player b
         WHERE p.customer_guid = b.user_guid
        RETURNING p.customer_guid`,
  );
  // Playing spans: the union of [bet, bet + window) per player (gaps and islands), the first island
  // merged into the player's latest span when they touch.
  await tx.execute(
    sql`WITH bets AS (SELECT r.user_guid, r.created_at AS t FROM (${scanned}) r WHERE r.operation = 'bet'),
             marked AS (
               SELECT b.user_guid, b.t,
                      CASE WHEN lag(b.t) OVER w IS NULL OR b.t > lag(b.t) OVER w + make_interval(secs => ${activityWindowSeconds})
                           THEN 1 ELSE 0 END AS brk
                 FROM bets b WINDOW w AS (PARTITION BY b.user_guid ORDER BY b.t)),
             numbered AS (SELECT m.user_guid, m.t, sum(m.brk) OVER (PARTITION BY m.user_guid ORDER BY m.t) AS island FROM marked m),
             islands AS (
               SELECT n.user_guid, n.island, min(n.t) AS s, max(n.t) + make_interval(secs => ${activityWindowSeconds}) AS e
                 FROM numbered n GROUP BY n.user_guid, n.island),
             latest AS (
               SELECT DISTINCT ON (sp.customer_guid) sp.guid, sp.customer_guid, sp.ended_at
                 FROM loyalty_activity_spans sp WHERE sp.customer_guid IN (SELECT user_guid FROM bets)
                ORDER BY sp.customer_guid, sp.ended_at DESC),
             extended AS (
               UPDATE loyalty_activity_spans sp SET ended_at = GREATEST(sp.ended_at, i.e)
                 FROM islands i JOIN latest l ON l.customer_guid = i.user_guid
                WHERE sp.guid = l.guid AND i.island = 1 AND i.s <= l.ended_at
               RETURNING sp.guid)
        INSERT INTO loyalty_activity_spans (customer_guid, started_at, ended_at)
        SELECT i.user_guid, i.s, i.e FROM islands i
         WHERE NOT (i.island = 1 AND EXISTS (SELECT 1 FROM latest l WHERE l.customer_guid = i.user_guid AND i.s <= l.ended_at))`,
  );
  return applyPlayerLevels(
    tx,
    players.map((p) => p.customer_guid),
  );
}
