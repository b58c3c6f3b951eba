-- The player's highest stake per online slot game cycle in the play currency (ADR 025), or NULL
-- when no rate is known (callers treat NULL as "nothing is allowed": fail closed). The limits are
-- the jurisdiction profile's GBP amounts: max_stake_gbp_from_25 from the player's 25th birthday (a
-- calendar day in the UK), max_stake_gbp_under_25 before it and while the birthday is unknown.
-- Converted at the stored rates: the direct pair either way round, else through the default
-- currency; truncated to the play currency's decimals so the limit is never above the GBP amount
-- (round(…, 12) first drops the noise of an inverted price, 1 / price). Read by
-- player_stake_limit_exceeded (both bet paths) and by the game launch, which tells the game.
CREATE OR REPLACE FUNCTION player_slot_max_stake(
  customer uuid, play_currency uuid, max_stake_gbp_from_25 numeric, max_stake_gbp_under_25 numeric
) RETURNS numeric LANGUAGE plpgsql STABLE AS $$
DECLARE
  born date;
  max_stake_gbp numeric;
  gbp uuid;
  play_decimals integer;
  gbp_in_play numeric;
BEGIN
  SELECT (u.birthday AT TIME ZONE 'UTC')::date INTO born FROM users u WHERE u.guid = customer;
  max_stake_gbp := CASE
    WHEN born IS NOT NULL AND born + interval '25 years' <= (now() AT TIME ZONE 'Europe/London')::date
      THEN max_stake_gbp_from_25
    ELSE max_stake_gbp_under_25
  END;
  SELECT c.guid INTO gbp FROM currencies c WHERE c.code = 'GBP';
  SELECT c.decimals INTO play_decimals FROM currencies c WHERE c.guid = play_currency;
  IF gbp IS NULL OR play_decimals IS NULL OR max_stake_gbp IS NULL THEN
    RETURN NULL;
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
  RETURN trunc(round(max_stake_gbp * gbp_in_play, 12), play_decimals);
END
$$;
