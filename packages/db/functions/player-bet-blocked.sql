-- The bet gates of the provider wallet (PLAYER_BLOCKED here, LIMIT_REACHED in
-- player_bet_limit_reached), as SQL functions so that the server's context read
-- (check-player-may-bet.ts) and the one-trip path (provider_wallet_fast_calls, ADR 008)
-- share one definition: the responsible-gaming module extends these, and both paths follow.
-- Wins and rollbacks never consult them.
CREATE OR REPLACE FUNCTION player_bet_blocked(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users u WHERE u.guid = customer AND u.status <> 'active')
$$;
