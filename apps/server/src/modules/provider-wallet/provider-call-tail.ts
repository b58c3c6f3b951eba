import { sql, type SQL } from "drizzle-orm";

/**
 * The common end of every accepted money call, as CTEs over a `moved` CTE that
 * the method wrote (its guarded wallet UPDATE). `moved` must return:
 *   guid, customer_guid, currency_guid, balance, bonus_balance, free_spin_count,
 *   total_before, cash_part, bonus_part, cash_account_guid, bonus_account_guid,
 *   wager_contribution
 * Everything below reads `moved`, so when the guard matched no row nothing at
 * all is written. All of it is one statement: one implicit transaction, one
 * round trip, and a unique violation on the claim (a concurrent duplicate)
 * undoes the wallet update with it. The caller wakes the outbox dispatcher
 * after the commit (wakeOutboxDispatcher), not inside the statement.
 */
export type CallTail = {
  providerCode: string;
  transactionUuid: string;
  method: "bet" | "win" | "rollback";
  fingerprint: string;
  roundId: string;
  roundClosed: boolean;
  /** The call's amount in the wallet currency (stake, payout or refund), as SQL (converted on a conversion session). */
  amount: SQL;
  /**
   * A conversion session (ADR 006): the pair, its price (W per 1 G), the play
   * currency's decimals and the call's amount in G, for the exchange_* fields.
   */
  exchange: { guid: string; price: string; playDecimals: number; amount: SQL } | null;
  freeSpin: boolean;
  sessionGuid: string;
  gameCode: string;
  gameGuid: string | null;
  referenceUuid: string | null;
  /** SQL yielding the bet's game transaction guid (wins, rollbacks) or NULL. */
  correlation: SQL;
  /** Platform side of the cash and bonus legs. */
  cashCounterparty: string;
  bonusCounterparty: string;
  /** Does money go to the player (win, rollback) or from them (bet)? */
  toPlayer: boolean;
  transferKind: { cash: string; bonus: string };
  /** Write the user_balance_updated event. */
  announce: boolean;
  currencyDecimals: number;
};

export function callTailCtes(t: CallTail): SQL {
  const isBet = t.method === "bet";
  const balanceBefore = sql`moved.total_before`;
  const x = t.exchange;
  const toPlay = (walletAmount: SQL) =>
    x ? sql`trunc(${walletAmount} / ${x.price}::numeric, ${x.playDecimals}::int)` : sql`NULL::numeric`;
  const legs = (part: "cash" | "bonus") => {
    const partColumn = sql.raw(`moved.${part}_part`);
    const playerAccount = sql.raw(`moved.${part}_account_guid`);
    const counterparty = part === "cash" ? t.cashCounterparty : t.bonusCounterparty;
    const [from, to] = t.toPlayer
      ? [sql`${counterparty}::uuid`, playerAccount]
      : [playerAccount, sql`${counterparty}::uuid`];
    return sql`
      INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount,
                                    round_ref, game_transaction_guid)
      SELECT ${`${t.providerCode}:${t.transactionUuid}:${part}`}, ${t.transferKind[part]}, moved.currency_guid, ${from}, ${to},
             ${partColumn}, ${`${t.providerCode}:${t.roundId}`}, gt.guid
        FROM moved, gt WHERE ${partColumn} > 0`;
  };
  return sql`
    gt AS (
      INSERT INTO game_transactions (user_guid, wallet_guid, currency_guid, provider_code, game_code, game_guid, operation,
                                     bet_sum, win, bonus_bet, balance_before, balance_after, session_id, tradeid, betid,
                                     isbet, finish, freespin, correlation_guid, info,
                                     exchange_balance_before, exchange_balance_after, exchange_bet_sum, exchange_win,
                                     exchange_guid, exchange_price)
      SELECT moved.customer_guid, moved.guid, moved.currency_guid, ${t.providerCode}, ${t.gameCode}, ${t.gameGuid}::uuid,
             ${t.method}, ${isBet ? t.amount : sql`0`}, ${isBet ? sql`0` : t.amount},
             ${isBet ? sql`moved.bonus_part` : sql`0`}, ${balanceBefore}, moved.balance + moved.bonus_balance,
             ${t.sessionGuid}::uuid, ${t.transactionUuid}, ${t.roundId}, ${isBet}::boolean, ${t.roundClosed}::boolean, ${t.freeSpin}::boolean,
             ${t.correlation},
             jsonb_build_object('operation', ${t.method}::text, 'provider_code', ${t.providerCode}::text,
                                'game_code', ${t.gameCode}::text, 'reference_transaction_uuid', ${t.referenceUuid}::text,
                                'cash', moved.cash_part::text, 'bonus', moved.bonus_part::text),
             ${toPlay(balanceBefore)}, ${toPlay(sql`(moved.balance + moved.bonus_balance)`)},
             ${x ? (isBet ? x.amount : sql`0`) : sql`NULL::numeric`}, ${x ? (isBet ? sql`0` : x.amount) : sql`NULL::numeric`},
             ${x ? x.guid : null}::uuid, ${x ? x.price : null}::numeric
        FROM moved
      RETURNING guid),
    claim AS (
      INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id,
                                         reference_uuid, amount, cash_amount, bonus_amount, wager_contribution, free_spin,
                                         game_transaction_guid, balance_after, bonus_balance_after)
      SELECT ${t.providerCode}, ${t.transactionUuid}, ${t.method}, 'accepted', ${t.fingerprint}, moved.guid, ${t.roundId},
             ${t.referenceUuid}, ${t.amount}, moved.cash_part, moved.bonus_part, moved.wager_contribution,
             ${t.freeSpin}::boolean, gt.guid, moved.balance, moved.bonus_balance
        FROM moved, gt
      RETURNING transaction_uuid),
    t_cash AS (${legs("cash")} RETURNING guid),
    t_bonus AS (${legs("bonus")} RETURNING guid),
    closed_round AS (
      INSERT INTO game_rounds (provider_code, round_id, wallet_guid, closed_at)
      SELECT ${t.providerCode}, ${t.roundId}, moved.guid, now() FROM moved WHERE ${t.roundClosed}::boolean
      ON CONFLICT (provider_code, round_id) DO UPDATE SET closed_at = COALESCE(game_rounds.closed_at, EXCLUDED.closed_at)
      RETURNING round_id),
    event AS (
      INSERT INTO outbox_events (user_guid, type, payload)
      SELECT moved.customer_guid, 'user_balance_updated', jsonb_build_object(
               'wallet_guid', moved.guid, 'currency_guid', moved.currency_guid,
               'balance', round(moved.balance, ${t.currencyDecimals}::int)::text,
               'bonus_balance', round(moved.bonus_balance, ${t.currencyDecimals}::int)::text,
               'free_spin_count', moved.free_spin_count,
               'operation_type', ${t.method}::text,
               'operation_amount', (${t.amount})::text)
        FROM moved WHERE ${t.announce}::boolean
      RETURNING id)`;
}

/** Columns the final SELECT must include so every CTE above is executed and reported. */
export const callTailResult = sql`
  (SELECT count(*) FROM event) AS events,
  (SELECT count(*) FROM t_cash) + (SELECT count(*) FROM t_bonus) AS transfers,
  (SELECT count(*) FROM closed_round) AS closed_rounds,
  (SELECT guid FROM gt) AS game_transaction_guid`;
