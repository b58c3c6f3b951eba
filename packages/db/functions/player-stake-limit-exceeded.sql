-- The UK online slots stake limit (ADR 025): a bet above the player's maximum stake per game cycle is
-- refused with BET_LIMIT_EXCEEDED. Called by both bet paths with the same arguments: the server's
-- two-statement path (check-jurisdiction-bet.ts) and the one-trip path (provider_wallet_fast_calls,
-- ADR 008), which leaves such a bet to the server. The limits come from the jurisdiction profile
-- (slot_max_stake_gbp; NULL = no limit, every other profile); the amount the player may stake is
-- player_slot_max_stake's. No rate known = exceeded: the check fails closed.
CREATE OR REPLACE FUNCTION player_stake_limit_exceeded(
  customer uuid, slot boolean, play_currency uuid, play_amount numeric,
  max_stake_gbp_from_25 numeric, max_stake_gbp_under_25 numeric
) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN NOT COALESCE(slot, false) OR max_stake_gbp_from_25 IS NULL OR max_stake_gbp_under_25 IS NULL
         OR play_amount IS NULL OR play_amount <= 0 THEN false
    ELSE COALESCE(play_amount > player_slot_max_stake(customer, play_currency, max_stake_gbp_from_25, max_stake_gbp_under_25), true)
  END
$$;
