-- A responsible-gaming limit refuses the bet (LIMIT_REACHED). None exist yet; the
-- responsible-gaming module replaces this body, and both paths follow (see player_bet_blocked).
CREATE OR REPLACE FUNCTION player_bet_limit_reached(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT false
$$;
