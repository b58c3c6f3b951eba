-- What counts against one responsible-gaming money limit of a player in one currency over its
-- rolling window ending now (issue #16, ADR 021). One definition for the deposit refusal, the
-- bet refusal under the wallet's lock (player_bet_within_limits) and the usage players and
-- staff are shown:
--   deposit: deposits created in the window that are pending or successful (a pending one holds
--            its room until it fails or is cancelled; withdrawals never free room);
--   wager:   stakes of the window's bets, less the stakes of those rolled back;
--   loss:    stakes − wins (rollbacks refund their stake), never below 0: winnings never
--            extend a loss limit beyond its amount.
-- Free spins are the operator's money and count for neither. Windows: day 24 hours, week 7
-- days, month 30 days (LIMIT_PERIOD_INTERVALS in the contract). The sums read the covering
-- indexes payments_customer_idx and game_transactions_limit_usage_idx.
CREATE OR REPLACE FUNCTION player_limit_used(limit_kind text, limit_period text, customer uuid, currency uuid)
  RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN limit_kind = 'deposit' THEN (
      SELECT COALESCE(sum(p.amount), 0) FROM payments p
       WHERE p.customer_guid = customer AND p.currency_guid = currency
         AND p.transaction_type = 'deposit' AND p.status IN ('pending', 'successful')
         AND p.created_at > now() - CASE limit_period WHEN 'day' THEN interval '24 hours'
                                                      WHEN 'week' THEN interval '7 days'
                                                      ELSE interval '30 days' END)
    ELSE (
      SELECT CASE WHEN limit_kind = 'wager' THEN u.stakes - u.refunds
                  ELSE GREATEST(u.stakes - u.refunds - u.wins, 0) END
        FROM (SELECT COALESCE(sum(g.bet_sum) FILTER (WHERE g.operation = 'bet'), 0) AS stakes,
                     COALESCE(sum(g.win) FILTER (WHERE g.operation = 'win'), 0) AS wins,
                     COALESCE(sum(g.win) FILTER (WHERE g.operation = 'rollback'), 0) AS refunds
                FROM game_transactions g
               WHERE g.user_guid = customer AND g.currency_guid = currency AND NOT g.freespin
                 AND g.created_at > now() - CASE limit_period WHEN 'day' THEN interval '24 hours'
                                                              WHEN 'week' THEN interval '7 days'
                                                              ELSE interval '30 days' END) u)
  END
$$;
