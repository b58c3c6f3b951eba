-- Provider wallet bets, wins and refunds as database functions, so that many calls
-- can share one round trip and one commit (group commit, ADR 007).
--
-- The server decides everything that needs no lock (session, replay, game,
-- currency, amount format, blocks) from a context read, then hands each
-- accepted bet, win or refund here as one jsonb object; provider_wallet_calls takes a
-- batch of them (apps/server/src/modules/provider-wallet/run-money-call.ts).
-- Every money guard of the former single statements is here: the wallet row
-- is locked, the round must be open, the stake within the limits and covered,
-- the bet of a win still accepted. A call that loses a race on its key
-- (a concurrent duplicate) or a lock is answered {"retry": true}; the server
-- reads again and answers it as a repeat.
--
-- Amounts: `play_amount` is in the currency the game plays in (G). With a
-- session price (W per 1 G, ADR 006) a stake converts to the wallet currency
-- rounded UP, a payout rounded DOWN, balances reported back rounded DOWN.

-- The money of a batch of bets, wins and refunds in one set-based statement: a batch
-- costs the database little more than its rows. Each wallet at most once.
-- Locks are taken first and in one global order, so concurrent batches never
-- wait on each other in a cycle: the bets being paid or refunded sorted by
-- key, then the wallets sorted by guid. Returns one
-- answer per call, in order; raises (undoing everything) on a lost race.
--
-- Its plans are cached for the life of a connection, possibly from when the tables were small. A
-- batch touches a few rows of large tables, so index lookups are always right; the SET clauses
-- keep a plan made on a small table from turning into a sequential scan of a large one.
CREATE OR REPLACE FUNCTION provider_wallet_apply(calls jsonb) RETURNS jsonb LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  results jsonb;
BEGIN
  -- The bets being paid or refunded: their game transaction is also their state (ADR 040).
  PERFORM 1 FROM game_transactions t
    JOIN jsonb_to_recordset(calls) AS q(method text, provider_code text, reference_uuid text)
      ON t.provider_code = q.provider_code AND t.tradeid = q.reference_uuid
   WHERE q.method IN ('win', 'rollback')
   ORDER BY t.provider_code, t.tradeid
     FOR NO KEY UPDATE OF t;
  PERFORM 1 FROM wallets w
   WHERE w.guid = ANY (ARRAY(SELECT (value->>'wallet_guid')::uuid FROM jsonb_array_elements(calls)))
   ORDER BY w.guid
     FOR NO KEY UPDATE;
  -- A key claimed meanwhile (the original of a retried call, committed while we waited for its
  -- wallet, or earlier in this transaction) must be answered as a repeat, never judged again on
  -- money or a round its original already took.
  IF EXISTS (SELECT 1 FROM jsonb_to_recordset(calls) AS q(provider_code text, transaction_uuid text)
               JOIN game_transactions t ON t.provider_code = q.provider_code AND t.tradeid = q.transaction_uuid) THEN
    RAISE EXCEPTION 'a transaction_uuid of this batch is already claimed' USING ERRCODE = 'unique_violation';
  END IF;

  WITH q AS (
    SELECT * FROM jsonb_to_recordset(calls) AS q(
      i integer, method text, provider_code text, transaction_uuid text, fingerprint text, wallet_guid uuid,
      session_guid uuid, game_code text, game_guid uuid, round_id text, round_closed boolean, reference_uuid text,
      play_amount numeric, decimals integer, play_decimals integer, exchange_guid uuid, exchange_price numeric,
      house_account uuid, announce boolean, free_spin boolean, max_bet numeric, max_bonus_bet numeric,
      bonus_wage numeric, bonus_play_allowed boolean, bonus_counterparty uuid, can_free_spin boolean)),
  -- Bets: the stake in W rounded up; checks on the locked wallet; cash first, then bonus money.
  checks AS (
    SELECT b.*,
           NOT EXISTS (SELECT 1 FROM game_rounds r
                        WHERE r.provider_code = b.provider_code AND r.round_id = b.round_id
                          AND r.closed_at IS NOT NULL) AS round_open,
           b.amt <= b.max_bet AS within_max_bet,
           -- While a bonus is active every stake, cash or bonus funded, is held to the currency's max
           -- bonus bet (ADR 032); without one only a stake that needs bonus money is. A free spin's
           -- stake is the campaign's, not the player's choice.
           b.free_spin OR b.amt <= b.max_bonus_bet
             OR (b.customer_bonus_guid IS NULL AND b.balance >= b.amt) AS within_bonus_bet,
           -- A free spin plays the active free-spin bonus's games only: its version's list, or any
           -- game open to free spins when the list is empty (ADR 032).
           NOT b.free_spin
             OR CASE WHEN COALESCE(cardinality(b.free_spin_games), 0) > 0
                     THEN COALESCE(b.game_guid = ANY (b.free_spin_games), false)
                     ELSE COALESCE(b.can_free_spin, false) END AS free_spin_game,
           -- ... at exactly the stake the wallet announces for it (free_spin_bet, in G as reported).
           NOT b.free_spin OR COALESCE(b.play_amount = b.play_free_spin_bet, false) AS free_spin_stake,
           -- Loss and wager limits (ADR 021), judged here under the wallet's lock; free spins cost the player nothing.
           b.free_spin OR player_bet_within_limits(b.customer_guid, b.currency_guid, b.amt) AS within_limits,
           CASE WHEN b.free_spin THEN b.free_spin_count > 0
                WHEN b.bonus_play_allowed THEN b.balance + b.bonus_balance >= b.amt
                ELSE b.balance >= b.amt END AS covered,
           CASE WHEN b.free_spin THEN 0 ELSE LEAST(b.balance, b.amt) END AS cash_part,
           CASE WHEN b.free_spin THEN 0 ELSE b.amt - LEAST(b.balance, b.amt) END AS bonus_part
      FROM (SELECT q.*, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.wager, w.free_spin_count,
                   w.free_spin_bet, w.customer_bonus_guid, w.cash_account_guid, w.bonus_account_guid,
                   round(CASE WHEN q.exchange_price IS NULL THEN w.free_spin_bet
                              ELSE w.free_spin_bet / q.exchange_price END, q.play_decimals) AS play_free_spin_bet,
                   v.game_guids AS free_spin_games,
                   CASE WHEN q.exchange_price IS NULL THEN q.play_amount
                        ELSE round(ceil(q.play_amount * q.exchange_price * power(10::numeric, q.decimals))
                                   / power(10::numeric, q.decimals), q.decimals) END AS amt
              FROM q JOIN wallets w ON w.guid = q.wallet_guid
              -- Primary-key probes, for free spins only (NULL keys match nothing without a descent).
              LEFT JOIN customer_bonuses cb ON cb.guid = CASE WHEN q.free_spin THEN w.customer_bonus_guid END
              LEFT JOIN bonus_campaign_versions v ON v.guid = cb.bonus_version_guid
             WHERE q.method = 'bet') b),
  bet_split AS (
    SELECT c.*,
           CASE WHEN c.free_spin OR c.customer_bonus_guid IS NULL THEN 0
                ELSE LEAST(c.wager, c.amt * c.bonus_wage / 100) END AS wager_contribution
      FROM checks c
     WHERE c.within_limits AND c.round_open AND c.within_max_bet AND c.covered AND c.within_bonus_bet
       AND c.free_spin_game AND c.free_spin_stake),
  moved_bets AS (
    UPDATE wallets w
       SET balance = w.balance - s.cash_part,
           bonus_balance = w.bonus_balance - s.bonus_part,
           wager = w.wager - s.wager_contribution,
           free_spin_count = w.free_spin_count - CASE WHEN s.free_spin THEN 1 ELSE 0 END,
           updated_at = now()
      FROM bet_split s WHERE w.guid = s.wallet_guid
    RETURNING s.i, s.method, s.provider_code, s.transaction_uuid, s.fingerprint, s.wallet_guid, s.session_guid, s.game_code,
              s.game_guid, s.round_id, s.round_closed, s.reference_uuid, s.play_amount, s.decimals, s.play_decimals,
              s.exchange_guid, s.exchange_price, s.announce, s.amt, s.cash_part, s.bonus_part, s.wager_contribution,
              s.free_spin, NULL::uuid AS correlation, s.house_account AS cash_counterparty, s.house_account AS bonus_counterparty,
              false AS to_player, 'bet'::text AS cash_kind, 'bet'::text AS bonus_kind,
              -- The bonus the bet was placed under, so its win or refund knows whose money it is.
              s.customer_bonus_guid AS bet_customer_bonus_guid, false AS stray, NULL::uuid AS stray_account,
              s.balance + s.bonus_balance AS total_before,
              w.customer_guid, w.currency_guid, w.cash_account_guid, w.bonus_account_guid,
              w.balance AS new_balance, w.bonus_balance AS new_bonus_balance, w.free_spin_count AS new_free_spin_count,
              w.free_spin_bet AS new_free_spin_bet),
  -- Wins: the payout in W rounded down, split like the (still accepted) bet was funded. Of the
  -- bonus-funded part, while a bonus with a winnings distribution of 1-99 % is active, that percent
  -- stays bonus money and the rest goes to cash, truncated (ADR 032); free-spin wins stay bonus money.
  -- A stray win (ADR 032): the bet was placed under another bonus (or none) than the one active now,
  -- or under a bonus that has since been forfeited (expired, cancelled, lost). Money of an ended
  -- bonus must never join a newer one, and a forfeited bonus's money is no longer the player's, so its
  -- bonus-funded part, with no distribution, goes to the bonus_cost account instead of the bonus
  -- pocket (a free spin's is simply never paid: it would come from that account). Only a bet whose
  -- bonus completed, with no bonus active now, still pays into the pocket, where the late-money sweep
  -- converts it.
  win_split AS (
    SELECT y.*, y.amt - y.cash_part AS bonus_part
      FROM (SELECT x.*,
                   x.funded_cash + CASE WHEN x.distribution > 0 AND x.distribution < 100
                                        THEN trunc((x.amt - x.funded_cash) * (100 - x.distribution) / 100, x.decimals)
                                        ELSE 0 END AS cash_part
              FROM (SELECT v.*,
                           CASE WHEN v.bet_free_spin THEN 0::numeric
                                WHEN v.bet_amount = 0 THEN v.amt
                                ELSE trunc(v.amt * v.bet_cash_amount / v.bet_amount, v.decimals) END AS funded_cash
                      FROM (SELECT q.*, t.bet_sum AS bet_amount,
                                   CASE WHEN t.freespin THEN 0 ELSE t.bet_sum - t.bonus_bet END AS bet_cash_amount,
                                   t.freespin AS bet_free_spin, t.guid AS bet_game_transaction_guid,
                                   CASE WHEN t.freespin OR w.customer_bonus_guid IS NULL
                                          OR w.customer_bonus_guid IS DISTINCT FROM t.customer_bonus_guid THEN 0
                                        ELSE COALESCE(w.winnings_distribution_percent, 0) END AS distribution,
                                   w.customer_bonus_guid IS DISTINCT FROM t.customer_bonus_guid
                                     AND (w.customer_bonus_guid IS NOT NULL
                                          OR COALESCE(ended.status IN ('expired', 'cancelled', 'lost'), false))
                                     AND (t.freespin OR (t.bonus_bet > 0 AND cost.guid IS NOT NULL)) AS stray,
                                   cost.guid AS stray_account,
                                   CASE WHEN q.exchange_price IS NULL THEN q.play_amount
                                        ELSE trunc(q.play_amount * q.exchange_price, q.decimals) END AS amt
                              FROM q JOIN game_transactions t
                                ON t.provider_code = q.provider_code AND t.tradeid = q.reference_uuid
                               AND t.operation = 'bet' AND t.status = 'accepted' AND t.wallet_guid = q.wallet_guid
                              JOIN wallets w ON w.guid = q.wallet_guid
                              -- The bet's own bonus, by primary key, only when it is no longer active and none
                              -- is: did it complete (its money is still the player's) or was it forfeited?
                              LEFT JOIN customer_bonuses ended
                                     ON ended.guid = CASE WHEN w.customer_bonus_guid IS NULL
                                                           AND (t.freespin OR t.bonus_bet > 0)
                                                          THEN t.customer_bonus_guid END
                              -- The platform's bonus_cost account (PLATFORM_OWNER, ledger-accounts.ts), probed for
                              -- a stray bet only. Every bonus grant is paid from it, so it exists wherever bonus
                              -- money does; were it missing, the money would follow the old rule, not be lost.
                              LEFT JOIN ledger_accounts cost
                                     ON cost.owner = 'platform' AND cost.kind = 'bonus_cost'
                                    AND cost.currency_guid = CASE WHEN w.customer_bonus_guid IS DISTINCT FROM t.customer_bonus_guid
                                                                   AND (w.customer_bonus_guid IS NOT NULL
                                                                        OR ended.status IN ('expired', 'cancelled', 'lost'))
                                                                   AND t.bonus_bet > 0 THEN w.currency_guid END
                             WHERE q.method = 'win') v) x) y),
  moved_wins AS (
    UPDATE wallets w
       SET balance = w.balance + s.cash_part,
           bonus_balance = w.bonus_balance + CASE WHEN s.stray THEN 0 ELSE s.bonus_part END,
           free_spin_win_amount = w.free_spin_win_amount + CASE WHEN s.bet_free_spin AND NOT s.stray THEN s.amt ELSE 0 END,
           updated_at = now()
      FROM win_split s WHERE w.guid = s.wallet_guid
    RETURNING s.i, s.method, s.provider_code, s.transaction_uuid, s.fingerprint, s.wallet_guid, s.session_guid, s.game_code,
              s.game_guid, s.round_id, s.round_closed, s.reference_uuid, s.play_amount, s.decimals, s.play_decimals,
              s.exchange_guid, s.exchange_price, s.announce, s.amt, s.cash_part, s.bonus_part, 0::numeric AS wager_contribution,
              s.bet_free_spin AS free_spin, s.bet_game_transaction_guid AS correlation,
              s.house_account AS cash_counterparty, s.bonus_counterparty, true AS to_player, 'win'::text AS cash_kind,
              CASE WHEN s.bet_free_spin THEN 'free_spin_win' ELSE 'win' END::text AS bonus_kind,
              NULL::uuid AS bet_customer_bonus_guid, s.stray, s.stray_account,
              w.balance + w.bonus_balance - s.cash_part - CASE WHEN s.stray THEN 0 ELSE s.bonus_part END AS total_before,
              w.customer_guid, w.currency_guid, w.cash_account_guid, w.bonus_account_guid,
              w.balance AS new_balance, w.bonus_balance AS new_bonus_balance, w.free_spin_count AS new_free_spin_count,
              w.free_spin_bet AS new_free_spin_bet),
  -- Rollbacks: the bet, if still accepted, is marked rolled back and refunded exactly as it
  -- was funded (cash to cash, bonus to bonus, wagering and a free spin given back), in W
  -- as stored: no second conversion. Wagering and a free spin go back only to the bonus the bet
  -- was placed under, while it is still the wallet's active one. The bonus-funded stake of a bet
  -- placed under another bonus (or none) than the one active now, or under a bonus since forfeited,
  -- is stray, as for wins: it goes to the bonus_cost account, never into a newer bonus's pocket nor
  -- back into the pocket for a next bet to spend before the late-money sweep forfeits it.
  rolled_back AS (
    UPDATE game_transactions t SET status = 'rolled_back', updated_at = now()
      FROM q
     WHERE q.method = 'rollback' AND t.provider_code = q.provider_code AND t.tradeid = q.reference_uuid
       AND t.operation = 'bet' AND t.status = 'accepted' AND t.wallet_guid = q.wallet_guid
    RETURNING q.*, t.bet_sum AS amt, CASE WHEN t.freespin THEN 0 ELSE t.bet_sum - t.bonus_bet END AS bet_cash_amount,
              t.bonus_bet AS bet_bonus_amount, COALESCE(t.wager_contribution, 0) AS bet_wager_contribution,
              t.freespin AS bet_free_spin, t.guid AS bet_game_transaction_guid,
              t.customer_bonus_guid AS bet_customer_bonus_guid, t.exchange_bet_sum AS bet_play_amount),
  rollback_split AS (
    SELECT r.*, COALESCE(w.customer_bonus_guid = r.bet_customer_bonus_guid, false) AS same_bonus,
           w.customer_bonus_guid IS DISTINCT FROM r.bet_customer_bonus_guid
             AND (w.customer_bonus_guid IS NOT NULL OR COALESCE(ended.status IN ('expired', 'cancelled', 'lost'), false))
             AND cost.guid IS NOT NULL AS stray,
           cost.guid AS stray_account
      FROM rolled_back r JOIN wallets w ON w.guid = r.wallet_guid
      -- As for wins: the bet's own bonus by primary key when none is active, for bonus money only.
      LEFT JOIN customer_bonuses ended
             ON ended.guid = CASE WHEN w.customer_bonus_guid IS NULL AND r.bet_bonus_amount > 0
                                  THEN r.bet_customer_bonus_guid END
      -- As for wins: probed for a stray bet with bonus money only.
      LEFT JOIN ledger_accounts cost
             ON cost.owner = 'platform' AND cost.kind = 'bonus_cost'
            AND cost.currency_guid = CASE WHEN w.customer_bonus_guid IS DISTINCT FROM r.bet_customer_bonus_guid
                                           AND (w.customer_bonus_guid IS NOT NULL
                                                OR ended.status IN ('expired', 'cancelled', 'lost'))
                                           AND r.bet_bonus_amount > 0
                                          THEN w.currency_guid END),
  moved_rollbacks AS (
    UPDATE wallets w
       SET balance = w.balance + s.bet_cash_amount,
           bonus_balance = w.bonus_balance + CASE WHEN s.stray THEN 0 ELSE s.bet_bonus_amount END,
           wager = w.wager + CASE WHEN s.same_bonus THEN s.bet_wager_contribution ELSE 0 END,
           free_spin_count = w.free_spin_count + CASE WHEN s.bet_free_spin AND s.same_bonus THEN 1 ELSE 0 END,
           updated_at = now()
      FROM rollback_split s WHERE w.guid = s.wallet_guid
    RETURNING s.i, s.method, s.provider_code, s.transaction_uuid, s.fingerprint, s.wallet_guid, s.session_guid, s.game_code,
              s.game_guid, s.round_id, s.round_closed, s.reference_uuid,
              -- The refund in G is the bet's own G stake, as its game transaction recorded it.
              s.bet_play_amount AS play_amount,
              s.decimals, s.play_decimals, s.exchange_guid, s.exchange_price, s.announce, s.amt,
              s.bet_cash_amount AS cash_part, s.bet_bonus_amount AS bonus_part, 0::numeric AS wager_contribution,
              s.bet_free_spin AS free_spin, s.bet_game_transaction_guid AS correlation,
              s.house_account AS cash_counterparty, s.house_account AS bonus_counterparty, true AS to_player,
              'rollback'::text AS cash_kind, 'rollback'::text AS bonus_kind,
              NULL::uuid AS bet_customer_bonus_guid, s.stray, s.stray_account,
              w.balance + w.bonus_balance - s.bet_cash_amount - CASE WHEN s.stray THEN 0 ELSE s.bet_bonus_amount END
                AS total_before,
              w.customer_guid, w.currency_guid, w.cash_account_guid, w.bonus_account_guid,
              w.balance AS new_balance, w.bonus_balance AS new_bonus_balance, w.free_spin_count AS new_free_spin_count,
              w.free_spin_bet AS new_free_spin_bet),
  moved AS (SELECT * FROM moved_bets UNION ALL SELECT * FROM moved_wins UNION ALL SELECT * FROM moved_rollbacks),
  -- The common end of every accepted call. Data-modifying
  -- CTEs run to completion whether the final SELECT reads them or not.
  -- The game transaction is also the claim of the call's transaction_uuid (unique per provider, ADR 040),
  -- with what a replay answers (its fingerprint, the balances) and, for a bet, what its win or refund needs.
  gt AS (
    INSERT INTO game_transactions (user_guid, wallet_guid, currency_guid, provider_code, game_code, game_guid, operation,
                                   bet_sum, win, bonus_bet, balance_before, balance_after, bonus_balance_after,
                                   session_id, tradeid, betid, isbet, finish, freespin, correlation_guid, fingerprint,
                                   wager_contribution, customer_bonus_guid, info,
                                   exchange_balance_before, exchange_balance_after, exchange_bet_sum, exchange_win,
                                   exchange_guid, exchange_price)
    SELECT m.customer_guid, m.wallet_guid, m.currency_guid, m.provider_code, m.game_code, m.game_guid, m.method,
           CASE WHEN m.method = 'bet' THEN m.amt ELSE 0 END, CASE WHEN m.method = 'bet' THEN 0 ELSE m.amt END,
           CASE WHEN m.method = 'bet' THEN m.bonus_part ELSE 0 END, m.total_before, m.new_balance + m.new_bonus_balance,
           m.new_bonus_balance, m.session_guid, m.transaction_uuid, m.round_id, m.method = 'bet', m.round_closed,
           m.free_spin, m.correlation, m.fingerprint,
           CASE WHEN m.method = 'bet' THEN m.wager_contribution END, m.bet_customer_bonus_guid,
           jsonb_build_object('operation', m.method, 'provider_code', m.provider_code, 'game_code', m.game_code,
                              'reference_transaction_uuid', m.reference_uuid,
                              'cash', m.cash_part::text, 'bonus', m.bonus_part::text)
             || CASE WHEN m.stray THEN jsonb_build_object('bonus_to', 'bonus_cost') ELSE '{}'::jsonb END,
           CASE WHEN m.exchange_price IS NULL THEN NULL ELSE trunc(m.total_before / m.exchange_price, m.play_decimals) END,
           CASE WHEN m.exchange_price IS NULL THEN NULL
                ELSE trunc((m.new_balance + m.new_bonus_balance) / m.exchange_price, m.play_decimals) END,
           CASE WHEN m.exchange_price IS NULL THEN NULL WHEN m.method = 'bet' THEN m.play_amount ELSE 0 END,
           CASE WHEN m.exchange_price IS NULL THEN NULL WHEN m.method = 'bet' THEN 0 ELSE m.play_amount END,
           CASE WHEN m.exchange_price IS NULL THEN NULL ELSE m.exchange_guid END, m.exchange_price
      FROM moved m
    RETURNING guid, provider_code, tradeid),
  mg AS (
    SELECT m.*, gt.guid AS game_transaction_guid
      FROM moved m JOIN gt ON gt.provider_code = m.provider_code AND gt.tradeid = m.transaction_uuid),
  t_cash AS (
    INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount,
                                  round_ref, game_transaction_guid)
    SELECT mg.provider_code || ':' || mg.transaction_uuid || ':cash', mg.cash_kind, mg.currency_guid,
           CASE WHEN mg.to_player THEN mg.cash_counterparty ELSE mg.cash_account_guid END,
           CASE WHEN mg.to_player THEN mg.cash_account_guid ELSE mg.cash_counterparty END,
           mg.cash_part, mg.provider_code || ':' || mg.round_id, mg.game_transaction_guid
      FROM mg WHERE mg.cash_part > 0
    RETURNING 1),
  t_bonus AS (
    INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount,
                                  round_ref, game_transaction_guid)
    SELECT mg.provider_code || ':' || mg.transaction_uuid || ':bonus', mg.bonus_kind, mg.currency_guid,
           -- Stray bonus money goes from the house to the bonus_cost account, past the player.
           CASE WHEN mg.stray THEN mg.cash_counterparty WHEN mg.to_player THEN mg.bonus_counterparty ELSE mg.bonus_account_guid END,
           CASE WHEN mg.stray THEN mg.stray_account WHEN mg.to_player THEN mg.bonus_account_guid ELSE mg.bonus_counterparty END,
           mg.bonus_part, mg.provider_code || ':' || mg.round_id, mg.game_transaction_guid
      -- A stray free spin's winnings would be paid by the bonus_cost account to itself: nothing moves.
      FROM mg WHERE mg.bonus_part > 0 AND NOT (mg.stray AND mg.free_spin)
    RETURNING 1),
  closed_round AS (
    -- One row per round: ON CONFLICT DO UPDATE may touch a row only once per statement.
    INSERT INTO game_rounds (provider_code, round_id, wallet_guid, closed_at)
    SELECT DISTINCT ON (m.provider_code, m.round_id) m.provider_code, m.round_id, m.wallet_guid, now()
      FROM moved m WHERE m.round_closed
     ORDER BY m.provider_code, m.round_id, m.i
    ON CONFLICT (provider_code, round_id) DO UPDATE SET closed_at = COALESCE(game_rounds.closed_at, EXCLUDED.closed_at)
    RETURNING 1),
  event AS (
    INSERT INTO outbox_events (user_guid, type, payload)
    SELECT m.customer_guid, 'user_balance_updated', jsonb_build_object(
             'wallet_guid', m.wallet_guid, 'currency_guid', m.currency_guid,
             'balance', round(m.new_balance, m.decimals)::text,
             'bonus_balance', round(m.new_bonus_balance, m.decimals)::text,
             'free_spin_count', m.new_free_spin_count,
             'operation_type', m.method,
             -- What reached the wallet: a stray bonus part did not.
             'operation_amount', (CASE WHEN m.stray THEN m.cash_part ELSE m.amt END)::text)
      FROM moved m WHERE m.announce
     ORDER BY m.i
    RETURNING 1)
  SELECT jsonb_agg(
           CASE WHEN m.i IS NOT NULL THEN jsonb_build_object(
                  'i', q.i, 'applied', true,
                  'balance_after', (CASE WHEN m.exchange_price IS NULL THEN m.new_balance
                                         ELSE trunc(m.new_balance / m.exchange_price, m.play_decimals) END)::text,
                  'bonus_balance_after', (CASE WHEN m.exchange_price IS NULL THEN m.new_bonus_balance
                                               ELSE trunc(m.new_bonus_balance / m.exchange_price, m.play_decimals) END)::text,
                  -- Free rounds left and their stake in G, for the provider (ADR 032).
                  'free_spin_count', m.new_free_spin_count,
                  'free_spin_bet', round(CASE WHEN m.exchange_price IS NULL THEN m.new_free_spin_bet
                                              ELSE m.new_free_spin_bet / m.exchange_price END, m.play_decimals)::text)
                WHEN c.i IS NOT NULL THEN jsonb_build_object(
                  'i', q.i, 'applied', false,
                  'within_limits', c.within_limits,
                  'round_open', c.round_open, 'within_max_bet', c.within_max_bet, 'covered', c.covered,
                  'within_bonus_bet', c.within_bonus_bet, 'free_spin_game', c.free_spin_game,
                  'free_spin_stake', c.free_spin_stake,
                  'free_spin_count', c.free_spin_count, 'free_spin_bet', c.play_free_spin_bet::text,
                  'balance', (CASE WHEN c.exchange_price IS NULL THEN c.balance
                                   ELSE trunc(c.balance / c.exchange_price, c.play_decimals) END)::text,
                  'bonus_balance', (CASE WHEN c.exchange_price IS NULL THEN c.bonus_balance
                                         ELSE trunc(c.bonus_balance / c.exchange_price, c.play_decimals) END)::text)
                ELSE jsonb_build_object('i', q.i, 'applied', false) END
           ORDER BY q.i)
    INTO results
    FROM q LEFT JOIN moved m ON m.i = q.i LEFT JOIN checks c ON c.i = q.i
   -- A bet whose wallet is gone has no answer (raised below).
   WHERE q.method IN ('win', 'rollback') OR c.i IS NOT NULL;
  IF jsonb_array_length(COALESCE(results, '[]'::jsonb)) <> jsonb_array_length(calls) THEN
    -- Only a bet on a wallet that does not exist, or an unknown method, goes unanswered.
    RAISE EXCEPTION 'a call names an unknown method or a wallet that is gone: %',
      (SELECT q.method || ' ' || q.wallet_guid FROM jsonb_to_recordset(calls) AS q(method text, wallet_guid uuid)
        WHERE q.method NOT IN ('bet', 'win', 'rollback')
           OR NOT EXISTS (SELECT 1 FROM wallets w WHERE w.guid = q.wallet_guid) LIMIT 1);
  END IF;
  RETURN results;
END
$$;
