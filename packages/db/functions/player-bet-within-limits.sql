-- Whether a stake fits every loss and wager limit the player set in the wallet's currency (issue
-- #16, ADR 021): for each, what the window already holds plus this stake stays within the amount,
-- so when several apply the lowest remaining room decides. provider_wallet_apply asks it for each
-- bet AFTER locking the wallet row, so two bets racing for the last room are judged one after the
-- other and at most the ones that fit are taken, on either bet path (both end there). A player
-- without limits costs one index probe of player_limits.
CREATE OR REPLACE FUNCTION player_bet_within_limits(customer uuid, currency uuid, stake numeric)
  RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT NOT EXISTS (
    SELECT 1 FROM player_limits l
     WHERE l.user_guid = customer AND l.currency_guid = currency AND l.kind IN ('loss', 'wager')
       AND player_limit_used(l.kind, l.period, customer, currency) + stake > l.amount)
$$;
