-- Provider wallet bets and wins as database functions, so that many calls
-- can share one round trip and one commit (group commit, ADR 007).
--
-- The server decides everything that needs no lock (session, replay, game,
-- currency, amount format, blocks) from a context read, then hands each
-- accepted bet/win here as one jsonb object. provider_wallet_calls runs a
-- batch of them in order, each in its own subtransaction: a call that loses a
-- race on its key (unique_violation) or is picked as a deadlock victim is
-- undone alone and answered {"retry": true}; the server reads again and
-- answers it as a repeat. Every money guard of the former single statements is
-- here: the wallet row is locked, the round must be open, the stake within the
-- limits and covered, the bet of a win still accepted.
--
-- Amounts: `play_amount` is in the currency the game plays in (G). With a
-- session price (W per 1 G, ADR 006) a stake converts to the wallet currency
-- rounded UP, a payout rounded DOWN, balances reported back rounded DOWN.

-- The common end of an accepted call: game transaction, claim of the
-- transaction_uuid, ledger legs, round closing, balance event.
CREATE FUNCTION provider_wallet_record(
  c jsonb, method text, amt numeric, play_amount numeric, free_spin boolean, correlation uuid,
  w_guid uuid, w_customer uuid, w_currency uuid, w_balance numeric, w_bonus_balance numeric, w_free_spin_count integer,
  total_before numeric, cash_part numeric, bonus_part numeric, cash_account uuid, bonus_account uuid,
  wager_contribution numeric, cash_counterparty uuid, bonus_counterparty uuid, to_player boolean,
  cash_kind text, bonus_kind text
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  provider text := c->>'provider_code';
  tx_uuid text := c->>'transaction_uuid';
  round_ref text := c->>'round_id';
  price numeric := (c->>'exchange_price')::numeric;
  play_dec integer := (c->>'play_decimals')::integer;
  dec integer := (c->>'decimals')::integer;
  is_bet boolean := method = 'bet';
  gt_guid uuid;
BEGIN
  INSERT INTO game_transactions (user_guid, wallet_guid, currency_guid, provider_code, game_code, game_guid, operation,
                                 bet_sum, win, bonus_bet, balance_before, balance_after, session_id, tradeid, betid,
                                 isbet, finish, freespin, correlation_guid, info,
                                 exchange_balance_before, exchange_balance_after, exchange_bet_sum, exchange_win,
                                 exchange_guid, exchange_price)
  VALUES (w_customer, w_guid, w_currency, provider, c->>'game_code', (c->>'game_guid')::uuid, method,
          CASE WHEN is_bet THEN amt ELSE 0 END, CASE WHEN is_bet THEN 0 ELSE amt END,
          CASE WHEN is_bet THEN bonus_part ELSE 0 END, total_before, w_balance + w_bonus_balance,
          (c->>'session_guid')::uuid, tx_uuid, round_ref, is_bet, (c->>'round_closed')::boolean, free_spin, correlation,
          jsonb_build_object('operation', method, 'provider_code', provider, 'game_code', c->>'game_code',
                             'reference_transaction_uuid', c->>'reference_uuid',
                             'cash', cash_part::text, 'bonus', bonus_part::text),
          CASE WHEN price IS NULL THEN NULL ELSE trunc(total_before / price, play_dec) END,
          CASE WHEN price IS NULL THEN NULL ELSE trunc((w_balance + w_bonus_balance) / price, play_dec) END,
          CASE WHEN price IS NULL THEN NULL WHEN is_bet THEN play_amount ELSE 0 END,
          CASE WHEN price IS NULL THEN NULL WHEN is_bet THEN 0 ELSE play_amount END,
          CASE WHEN price IS NULL THEN NULL ELSE (c->>'exchange_guid')::uuid END, price)
  RETURNING guid INTO gt_guid;

  INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id,
                                     reference_uuid, amount, cash_amount, bonus_amount, wager_contribution, free_spin,
                                     game_transaction_guid, balance_after, bonus_balance_after)
  VALUES (provider, tx_uuid, method, 'accepted', c->>'fingerprint', w_guid, round_ref,
          c->>'reference_uuid', amt, cash_part, bonus_part, wager_contribution, free_spin,
          gt_guid, w_balance, w_bonus_balance);

  IF cash_part > 0 THEN
    INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount,
                                  round_ref, game_transaction_guid)
    VALUES (provider || ':' || tx_uuid || ':cash', cash_kind, w_currency,
            CASE WHEN to_player THEN cash_counterparty ELSE cash_account END,
            CASE WHEN to_player THEN cash_account ELSE cash_counterparty END,
            cash_part, provider || ':' || round_ref, gt_guid);
  END IF;
  IF bonus_part > 0 THEN
    INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount,
                                  round_ref, game_transaction_guid)
    VALUES (provider || ':' || tx_uuid || ':bonus', bonus_kind, w_currency,
            CASE WHEN to_player THEN bonus_counterparty ELSE bonus_account END,
            CASE WHEN to_player THEN bonus_account ELSE bonus_counterparty END,
            bonus_part, provider || ':' || round_ref, gt_guid);
  END IF;

  IF (c->>'round_closed')::boolean THEN
    INSERT INTO game_rounds (provider_code, round_id, wallet_guid, closed_at)
    VALUES (provider, round_ref, w_guid, now())
    ON CONFLICT (provider_code, round_id) DO UPDATE SET closed_at = COALESCE(game_rounds.closed_at, EXCLUDED.closed_at);
  END IF;

  IF (c->>'announce')::boolean THEN
    INSERT INTO outbox_events (user_guid, type, payload)
    VALUES (w_customer, 'user_balance_updated', jsonb_build_object(
              'wallet_guid', w_guid, 'currency_guid', w_currency,
              'balance', round(w_balance, dec)::text,
              'bonus_balance', round(w_bonus_balance, dec)::text,
              'free_spin_count', w_free_spin_count,
              'operation_type', method,
              'operation_amount', amt::text));
  END IF;
END
$$;
--> statement-breakpoint
-- bet: debit the stake, cash first then bonus money (ADR 004), under the
-- wallet row's lock. A stake that is not allowed or not covered moves nothing
-- and reports why, with the balances as they stand.
CREATE FUNCTION provider_wallet_bet(c jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  price numeric := (c->>'exchange_price')::numeric;
  dec integer := (c->>'decimals')::integer;
  play_dec integer := (c->>'play_decimals')::integer;
  play_amount numeric := (c->>'play_amount')::numeric;
  free boolean := (c->>'free_spin')::boolean;
  amt numeric;
  w record;
  round_open boolean;
  within_max_bet boolean;
  covered boolean;
  cash_part numeric;
  bonus_part numeric;
  wager_contribution numeric;
  new_balance numeric;
  new_bonus_balance numeric;
  new_free_spin_count integer;
BEGIN
  amt := CASE WHEN price IS NULL THEN play_amount
              ELSE round(ceil(play_amount * price * power(10::numeric, dec)) / power(10::numeric, dec), dec) END;
  SELECT guid, customer_guid, currency_guid, balance, bonus_balance, wager, free_spin_count, customer_bonus_guid,
         cash_account_guid, bonus_account_guid
    INTO w FROM wallets WHERE guid = (c->>'wallet_guid')::uuid FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet % of session % is gone', c->>'wallet_guid', c->>'session_guid';
  END IF;
  round_open := NOT EXISTS (SELECT 1 FROM game_rounds r
                             WHERE r.provider_code = c->>'provider_code' AND r.round_id = c->>'round_id'
                               AND r.closed_at IS NOT NULL);
  within_max_bet := amt <= (c->>'max_bet')::numeric;
  covered := CASE WHEN free THEN w.free_spin_count > 0
                  WHEN (c->>'bonus_play_allowed')::boolean THEN w.balance + w.bonus_balance >= amt
                  ELSE w.balance >= amt END;
  cash_part := CASE WHEN free THEN 0 ELSE LEAST(w.balance, amt) END;
  bonus_part := CASE WHEN free THEN 0 ELSE amt - LEAST(w.balance, amt) END;
  IF NOT (round_open AND within_max_bet AND covered AND (bonus_part = 0 OR amt <= (c->>'max_bonus_bet')::numeric)) THEN
    RETURN jsonb_build_object(
      'applied', false, 'round_open', round_open, 'within_max_bet', within_max_bet, 'covered', covered,
      'balance', (CASE WHEN price IS NULL THEN w.balance ELSE trunc(w.balance / price, play_dec) END)::text,
      'bonus_balance', (CASE WHEN price IS NULL THEN w.bonus_balance ELSE trunc(w.bonus_balance / price, play_dec) END)::text);
  END IF;
  wager_contribution := CASE WHEN free OR w.customer_bonus_guid IS NULL THEN 0
                             ELSE LEAST(w.wager, amt * (c->>'bonus_wage')::numeric / 100) END;
  UPDATE wallets
     SET balance = balance - cash_part,
         bonus_balance = bonus_balance - bonus_part,
         wager = wager - wager_contribution,
         free_spin_count = free_spin_count - CASE WHEN free THEN 1 ELSE 0 END,
         updated_at = now()
   WHERE guid = w.guid
  RETURNING balance, bonus_balance, free_spin_count INTO new_balance, new_bonus_balance, new_free_spin_count;
  PERFORM provider_wallet_record(
    c, 'bet', amt, play_amount, free, NULL,
    w.guid, w.customer_guid, w.currency_guid, new_balance, new_bonus_balance, new_free_spin_count,
    w.balance + w.bonus_balance, cash_part, bonus_part, w.cash_account_guid, w.bonus_account_guid,
    wager_contribution, (c->>'house_account')::uuid, (c->>'house_account')::uuid, false, 'bet', 'bet');
  RETURN jsonb_build_object(
    'applied', true,
    'balance_after', (CASE WHEN price IS NULL THEN new_balance ELSE trunc(new_balance / price, play_dec) END)::text,
    'bonus_balance_after', (CASE WHEN price IS NULL THEN new_bonus_balance ELSE trunc(new_bonus_balance / price, play_dec) END)::text);
END
$$;
--> statement-breakpoint
-- win: credit the payout of a bet that is still accepted, split like the bet
-- was funded (cash share wins cash, the rest bonus money; a free spin's
-- winnings are bonus money). The bet row is held FOR SHARE so a rollback of
-- it waits for the win, or the win sees it rolled back ({"applied": false}).
CREATE FUNCTION provider_wallet_win(c jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  price numeric := (c->>'exchange_price')::numeric;
  dec integer := (c->>'decimals')::integer;
  play_dec integer := (c->>'play_decimals')::integer;
  play_amount numeric := (c->>'play_amount')::numeric;
  amt numeric;
  bet record;
  w record;
  cash_part numeric;
  bonus_part numeric;
BEGIN
  amt := CASE WHEN price IS NULL THEN play_amount ELSE trunc(play_amount * price, dec) END;
  SELECT t.amount, t.cash_amount, t.free_spin, t.game_transaction_guid
    INTO bet FROM provider_transactions t
   WHERE t.provider_code = c->>'provider_code' AND t.transaction_uuid = c->>'reference_uuid'
     AND t.method = 'bet' AND t.status = 'accepted' AND t.wallet_guid = (c->>'wallet_guid')::uuid
     FOR SHARE;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('applied', false);
  END IF;
  cash_part := CASE WHEN bet.free_spin THEN 0::numeric
                    WHEN bet.amount = 0 THEN amt
                    ELSE trunc(amt * bet.cash_amount / bet.amount, dec) END;
  bonus_part := amt - cash_part;
  UPDATE wallets
     SET balance = balance + cash_part,
         bonus_balance = bonus_balance + bonus_part,
         free_spin_win_amount = free_spin_win_amount + CASE WHEN bet.free_spin THEN amt ELSE 0 END,
         updated_at = now()
   WHERE guid = (c->>'wallet_guid')::uuid
  RETURNING guid, customer_guid, currency_guid, balance, bonus_balance, free_spin_count, cash_account_guid, bonus_account_guid
    INTO w;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'wallet % of session % is gone', c->>'wallet_guid', c->>'session_guid';
  END IF;
  PERFORM provider_wallet_record(
    c, 'win', amt, play_amount, bet.free_spin, bet.game_transaction_guid,
    w.guid, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.free_spin_count,
    w.balance + w.bonus_balance - amt, cash_part, bonus_part, w.cash_account_guid, w.bonus_account_guid,
    0, (c->>'house_account')::uuid, (c->>'bonus_counterparty')::uuid, true,
    'win', CASE WHEN bet.free_spin THEN 'free_spin_win' ELSE 'win' END);
  RETURN jsonb_build_object(
    'applied', true,
    'balance_after', (CASE WHEN price IS NULL THEN w.balance ELSE trunc(w.balance / price, play_dec) END)::text,
    'bonus_balance_after', (CASE WHEN price IS NULL THEN w.bonus_balance ELSE trunc(w.bonus_balance / price, play_dec) END)::text);
END
$$;
--> statement-breakpoint
-- A batch of bets and wins in order, each in its own subtransaction (an
-- EXCEPTION block), all under one commit. The server sorts a batch by wallet
-- so concurrent batches take row locks in the same order.
CREATE FUNCTION provider_wallet_calls(calls jsonb) RETURNS SETOF jsonb LANGUAGE plpgsql AS $$
DECLARE
  c jsonb;
  r jsonb;
BEGIN
  IF jsonb_array_length(calls) > 64 THEN
    -- More subtransactions than a backend caches (64) slow every snapshot in the cluster.
    RAISE EXCEPTION 'a batch holds at most 64 calls, got %', jsonb_array_length(calls);
  END IF;
  FOR c IN SELECT value FROM jsonb_array_elements(calls) LOOP
    BEGIN
      r := CASE c->>'method'
             WHEN 'bet' THEN provider_wallet_bet(c)
             WHEN 'win' THEN provider_wallet_win(c)
           END;
      IF r IS NULL THEN
        RAISE EXCEPTION 'unknown provider wallet method %', c->>'method';
      END IF;
    EXCEPTION WHEN unique_violation OR deadlock_detected THEN
      r := jsonb_build_object('retry', true);
    END;
    RETURN NEXT r || jsonb_build_object('i', c->'i');
  END LOOP;
END
$$;
