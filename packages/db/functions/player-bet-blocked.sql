-- The bet gates of the provider wallet (PLAYER_BLOCKED here, LIMIT_REACHED in
-- player_bet_limit_reached), as SQL functions so that the server's context read
-- (check-player-may-bet.ts) and the one-trip path (provider_wallet_fast_calls, ADR 008)
-- share one definition: the responsible-gaming module extends these, and both paths follow.
-- Wins and rollbacks never consult them.
-- A player is blocked when the operator locked the account, while any exclusion is in force
-- (player_excluded, ADR 020), and while a reality check is due and unanswered: the game pauses
-- on the server until the player answers it (player_reality_check_due, ADR 022).
CREATE OR REPLACE FUNCTION player_bet_blocked(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users u WHERE u.guid = customer AND u.status <> 'active')
    OR player_excluded(customer)
    OR player_reality_check_due(customer)
$$;
