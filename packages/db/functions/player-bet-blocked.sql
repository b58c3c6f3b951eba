-- The bet gates of the provider wallet (PLAYER_BLOCKED here, LIMIT_REACHED in
-- player_bet_limit_reached), as SQL functions so that the server's context read
-- (check-player-may-bet.ts) and the one-trip path (provider_wallet_fast_calls, ADR 008)
-- share one definition: the responsible-gaming module extends these, and both paths follow.
-- Wins and rollbacks never consult them.
-- A player is blocked when the operator locked the account or while any exclusion is in
-- force (time-out, self-exclusion, operator exclusion; ADR 020): not ended by staff, begun,
-- and either indefinite or not yet past its end.
CREATE OR REPLACE FUNCTION player_bet_blocked(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM users u WHERE u.guid = customer AND u.status <> 'active')
    OR EXISTS (
      SELECT 1 FROM player_exclusions e
      WHERE e.user_guid = customer
        AND e.ended_at IS NULL
        AND e.starts_at <= now()
        AND (e.ends_at IS NULL OR e.ends_at > now())
    )
$$;
