-- A responsible-gaming limit refuses any bet now, whatever its stake (LIMIT_REACHED): the
-- player's session-time limit is over for the current login session (issue #16, ADR 021).
-- Both bet paths read it before the money (the context read, check-player-may-bet.ts, and
-- provider_wallet_fast_calls), like player_bet_blocked. The stake-dependent loss and wager
-- limits are judged under the wallet's lock in provider_wallet_apply
-- (player_bet_within_limits), where concurrent bets cannot both take the last room.
-- The current login session is the player's newest unfinished one (a new login ends the
-- others); the sweeper (end-sessions-over-limit.ts) then ends it with session_closed. The
-- sessions are read only for a player who has the limit (the lateral names l), so the bet
-- path of everyone else costs one probe of player_limits_session_idx.
CREATE OR REPLACE FUNCTION player_bet_limit_reached(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1
      FROM player_limits l
      JOIN LATERAL (SELECT COALESCE(s.logged_in_at, s.created_at) AS started_at
                      FROM sessions s
                     WHERE s.user_guid = l.user_guid AND s.finished_at IS NULL
                     ORDER BY s.created_at DESC
                     LIMIT 1) s ON true
     WHERE l.user_guid = customer AND l.kind = 'session_time'
       AND s.started_at + make_interval(mins => l.minutes) <= now())
$$;
