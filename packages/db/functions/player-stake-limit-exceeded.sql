-- The UK online slots stake limit (ADR 025): a bet above the player's maximum stake per game cycle is
-- refused with BET_LIMIT_EXCEEDED. Called by both bet paths with the same arguments: the server's
-- context read (load-call-context.ts) and the one-trip path (provider_wallet_fast_calls, ADR 008),
-- which leaves such a bet to the server. The limits come from the jurisdiction profile
-- (slot_max_stake_gbp; NULL = no limit, every other profile): max_stake_gbp_from_25 from the player's
-- 25th birthday (a calendar day in the UK), max_stake_gbp_under_25 before it and while the birthday
-- is unknown. The GBP limit is converted into the play currency at the stored rates: the direct pair
-- either way round, else through the default currency; truncated to the play currency's decimals so
-- the limit is never above the GBP amount. No rate known = exceeded: the check fails closed.
CREATE OR REPLACE FUNCTION player_stake_limit_exceeded(
  customer uuid, slot boolean, play_currency uuid, play_amount numeric,
  max_stake_gbp_from_25 numeric, max_stake_gbp_under_25 numeric
) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
DECLARE
  born date;
  max_stake_gbp numeric;
  gbp uuid;
  play_decimals integer;
  gbp_in_play numeric;
BEGIN
  IF NOT COALESCE(slot, false) OR max_stake_gbp_from_25 IS NULL OR max_stake_gbp_under_25 IS NULL
     OR play_amount IS NULL OR play_amount <= 0 THEN
    RETURN false;
  END IF;
  SELECT (u.birthday AT TIME ZONE 'UTC')::date INTO born FROM users u WHERE u.guid = customer;
  max_stake_gbp := CASE
    WHEN born IS NOT NULL AND born + interval '25 years' <= (now() AT TIME ZONE 'Europe/London')::date
      THEN max_stake_gbp_from_25
    ELSE max_stake_gbp_under_25
  END;
  SELECT c.guid INTO gbp FROM currencies c WHERE c.code = 'GBP';
  SELECT c.decimals INTO play_decimals FROM currencies c WHERE c.guid = play_currency;
  IF gbp IS NULL OR play_decimals IS NULL THEN
    RETURN true;
  END IF;
  IF play_currency = gbp THEN
    gbp_in_play := 1;
  ELSE
    WITH rate AS (
      SELECT cp.base_guid AS from_guid, cp.quote_guid AS to_guid, er.price
        FROM currency_pairs cp JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
       WHERE cp.status = 'active'
      UNION ALL
      SELECT cp.quote_guid, cp.base_guid, 1 / er.price
        FROM currency_pairs cp JOIN exchange_rates er ON er.currency_pair_guid = cp.guid
       WHERE cp.status = 'active'
    )
    SELECT COALESCE(
             (SELECT r.price FROM rate r WHERE r.from_guid = gbp AND r.to_guid = play_currency LIMIT 1),
             (SELECT a.price * b.price
                FROM rate a
                JOIN currencies d ON d.guid = a.to_guid AND d.is_default
                JOIN rate b ON b.from_guid = d.guid AND b.to_guid = play_currency
               WHERE a.from_guid = gbp LIMIT 1))
      INTO gbp_in_play;
  END IF;
  IF gbp_in_play IS NULL THEN
    RETURN true;
  END IF;
  -- round(…, 12) drops the noise of an inverted price (1 / price) before truncating to the currency.
  RETURN play_amount > trunc(round(max_stake_gbp * gbp_in_play, 12), play_decimals);
END
$$;
