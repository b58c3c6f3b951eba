-- Provider wallet bets and wins in one round trip (ADR 008, "one trip").
--
-- Without it every bet and win takes two statements: a context read the server
-- decides on (session, replay, game, currency, amount, blocks), then the money
-- (provider_wallet_calls, ADR 007). Nearly every call is ordinary: a live
-- session, a fresh transaction_uuid, the session's game and currency, a bet of an
-- active player, a win of a bet still accepted. This function reads the context of
-- a batch of raw calls, sends the ordinary ones straight on to provider_wallet_calls
-- and answers them; anything else (unknown or expired token, a repeat, a mismatch,
-- a block, a missing house account, a refused win) is left out untouched and the
-- server takes its usual two-statement path, whose TypeScript decides the exact
-- answer (run-fast-call.ts). The fast path only ever answers what that path would
-- answer the same way: it accepts a strict subset of what the server accepts
-- (provider-wallet-fast-path.test.ts and provider-wallet-path-parity.test.ts hold it to that).
--
-- A bet also needs the login session that opened its game session to be live, and a
-- win must come with the token of its bet's game session (ADR 011).
--
-- calls: [{i, method ('bet' | 'win'), provider_code, token_hash, transaction_uuid, reference_uuid,
--          game_code, round_id, round_closed, currency, play_amount (a plain decimal string the server
--          checked), fraction_digits, zero, free_spin, fp_head, fp_tail, bonus_cost_owner,
--          verified_required, max_stake_gbp_from_25, max_stake_gbp_under_25 (the jurisdiction's, ADR 025)}]
-- The fingerprint is the server's (fingerprint.ts): fp_head || player || ',' || wallet || fp_tail, the
-- player and wallet being the session's, JSON-quoted.
-- Returns one row per call it handled: provider_wallet_calls' answer plus the play currency's code
-- and decimals. Calls it did not handle have no row.
CREATE OR REPLACE FUNCTION provider_wallet_fast_calls(calls jsonb) RETURNS SETOF jsonb LANGUAGE plpgsql
  SET enable_seqscan = off SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
  eligible jsonb;
BEGIN
  IF jsonb_array_length(calls) > 64 THEN
    RAISE EXCEPTION 'a batch holds at most 64 calls, got %', jsonb_array_length(calls);
  END IF;
  SELECT jsonb_agg(jsonb_build_object(
           'i', x.i, 'currency', x.play_currency_code, 'decimals', x.play_decimals,
           'call', jsonb_build_object(
             'i', x.i, 'method', x.method, 'provider_code', x.provider_code, 'transaction_uuid', x.transaction_uuid,
             'fingerprint', x.fp_head || to_json(x.customer_guid)::text || ',' || to_json(x.wallet_guid)::text || x.fp_tail,
             'wallet_guid', x.wallet_guid, 'session_guid', x.session_guid, 'game_code', x.session_game_code,
             'game_guid', x.game_guid, 'round_id', x.round_id, 'round_closed', x.round_closed,
             'reference_uuid', x.reference_uuid, 'play_amount', x.play_amount, 'decimals', x.decimals,
             'play_decimals', x.play_decimals, 'exchange_guid', x.exchange_guid, 'exchange_price', x.exchange_price,
             'house_account', x.house_account, 'announce', x.method = 'bet' OR NOT x.zero,
             'free_spin', x.free_spin, 'max_bet', x.max_bet, 'max_bonus_bet', x.max_bonus_bet,
             'bonus_wage', x.bonus_wage, 'bonus_play_allowed', x.bonus_play_allowed,
             'bonus_counterparty', x.bonus_counterparty, 'can_free_spin', x.can_free_spin))
           -- By wallet: the order provider_wallet_calls goes in when it has to go call by call.
           ORDER BY x.wallet_guid, x.i)
    INTO eligible
    FROM (
      SELECT q.*, s.guid AS session_guid, s.customer_guid, s.wallet_guid, s.game_code AS session_game_code,
             COALESCE(s.game_guid, g.guid) AS game_guid, c.decimals,
             COALESCE(pc.code, c.code) AS play_currency_code, COALESCE(pc.decimals, c.decimals) AS play_decimals,
             -- As the server's moneyCallCommon: a pair only with its price, a price only with its pair.
             CASE WHEN s.exchange_price IS NULL THEN NULL ELSE s.exchange_guid END AS exchange_guid,
             CASE WHEN s.exchange_guid IS NULL THEN NULL ELSE s.exchange_price END AS exchange_price,
             CASE WHEN tag.name = 'Live' THEN c.max_bet_live_real ELSE c.max_bet_slot_real END AS max_bet,
             CASE WHEN tag.name = 'Live' THEN c.max_bet_live_bonus ELSE c.max_bet_slot_bonus END AS max_bonus_bet,
             COALESCE(g.bonus_wage, 100) AS bonus_wage, COALESCE(g.bonus_play_allowed, true) AS bonus_play_allowed,
             COALESCE(g.can_freespins, false) AS can_free_spin,
             house.guid AS house_account,
             CASE WHEN ref.freespin THEN bonus_cost.guid ELSE house.guid END AS bonus_counterparty,
             own.guid IS NULL
               AND q.game_code = s.game_code
               AND q.currency = COALESCE(pc.code, c.code)
               AND q.fraction_digits <= COALESCE(pc.decimals, c.decimals)
               AND house.guid IS NOT NULL
               AND CASE q.method
                     WHEN 'bet' THEN
                       s.expires_at > now()
                       AND g.guid IS NOT NULL AND g.game_status = 'active' AND g.game_provider = s.provider_code
                       AND (cardinality(g.currency_guids) = 0
                            OR COALESCE(s.play_currency_guid, s.currency_guid) = ANY (g.currency_guids))
                       -- The login session that opened the game is still live (ADR 011).
                       AND (s.login_session_guid IS NULL
                            OR (ls.finished_at IS NULL AND ls.refresh_expires_at > now()))
                       AND (NOT q.zero OR q.free_spin)
                       AND w.status = 'active'
                       AND NOT player_bet_blocked(s.customer_guid)
                       AND NOT player_bet_limit_reached(s.customer_guid)
                       -- The jurisdiction's rules the server passes with the call (ADR 025): verified
                       -- identity before play, and the slots stake limit per game cycle.
                       AND (NOT COALESCE(q.verified_required, false)
                            OR EXISTS (SELECT 1 FROM users u WHERE u.guid = s.customer_guid AND u.is_verified))
                       AND NOT player_stake_limit_exceeded(s.customer_guid, COALESCE(tag.name = 'Slots', false),
                             COALESCE(s.play_currency_guid, s.currency_guid), q.play_amount,
                             q.max_stake_gbp_from_25, q.max_stake_gbp_under_25)
                     WHEN 'win' THEN
                       NOT q.free_spin
                       AND ref.operation = 'bet' AND ref.status = 'accepted' AND ref.wallet_guid = s.wallet_guid
                       -- The token is the one the bet came with (ADR 011).
                       AND ref.session_id = s.guid
                       AND (NOT ref.freespin OR bonus_cost.guid IS NOT NULL)
                     ELSE false
                   END AS fast
        FROM jsonb_to_recordset(calls) AS q(
               i integer, method text, provider_code text, token_hash text, transaction_uuid text, reference_uuid text,
               game_code text, round_id text, round_closed boolean, currency text, play_amount numeric,
               fraction_digits integer, zero boolean, free_spin boolean, fp_head text, fp_tail text, bonus_cost_owner text,
               verified_required boolean, max_stake_gbp_from_25 numeric, max_stake_gbp_under_25 numeric)
        JOIN game_sessions s ON s.token_hash = q.token_hash AND s.provider_code = q.provider_code
        JOIN wallets w ON w.guid = s.wallet_guid
        JOIN currencies c ON c.guid = s.currency_guid
        LEFT JOIN currencies pc ON pc.guid = s.play_currency_guid
        LEFT JOIN games g ON g.external_guid = s.game_code
        LEFT JOIN tags tag ON tag.guid = g.system_tag_guid
        -- The game transactions are the claims of the keys (ADR 040): a bet's row also holds its state.
        LEFT JOIN game_transactions own
               ON own.provider_code = q.provider_code AND own.tradeid = q.transaction_uuid
        LEFT JOIN game_transactions ref
               ON ref.provider_code = q.provider_code AND ref.tradeid = q.reference_uuid
        -- One primary-key probe each, only for the method that needs it: for the other the key is NULL,
        -- which the index scan knows matches nothing without descending (a plain `q.method = ...` in the
        -- ON clause would be a join filter, applied after the probe).
        LEFT JOIN sessions ls ON ls.guid = CASE WHEN q.method = 'bet' THEN s.login_session_guid END
        LEFT JOIN ledger_accounts house
               ON house.owner = q.provider_code AND house.kind = 'house_game' AND house.currency_guid = s.currency_guid
        LEFT JOIN ledger_accounts bonus_cost
               ON bonus_cost.owner = q.bonus_cost_owner AND bonus_cost.kind = 'bonus_cost'
              AND bonus_cost.currency_guid = s.currency_guid
    ) x
   WHERE x.fast;
  IF eligible IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT r || jsonb_build_object('currency', e.value->'currency', 'decimals', e.value->'decimals')
      FROM provider_wallet_calls((SELECT jsonb_agg(a.value->'call' ORDER BY a.ordinality)
                                    FROM jsonb_array_elements(eligible) WITH ORDINALITY AS a)) AS r
      JOIN jsonb_array_elements(eligible) AS e ON (e.value->>'i')::integer = (r->>'i')::integer;
END
$$;
