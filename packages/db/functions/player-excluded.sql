-- True while any exclusion of the player is in force (time-out, self-exclusion, operator
-- exclusion; ADR 020): not ended by staff, begun, and either indefinite or not yet past its end.
-- One definition for the bet gate (player_bet_blocked), the deposit refusal and marketing
-- consent (opt_in_promo AND NOT player_excluded(guid)).
CREATE OR REPLACE FUNCTION player_excluded(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM player_exclusions e
    WHERE e.user_guid = customer
      AND e.ended_at IS NULL
      AND e.starts_at <= now()
      AND (e.ends_at IS NULL OR e.ends_at > now())
  )
$$;
