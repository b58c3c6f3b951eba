-- True while a reality check is due and unanswered (issue #16, ADR 022): the player's newest live
-- login session has run for the interval since it started or since the last answer, whichever is
-- later. The interval is the player's choice (player_reality_checks.interval_minutes: NULL = never
-- chosen, 0 = off), else the jurisdiction's default (reality_check_config, written by the server at
-- start); off is ignored where the profile does not allow it (gb). No row, no config: off.
CREATE OR REPLACE FUNCTION player_reality_check_due(customer uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT COALESCE((
    SELECT now() >= GREATEST(s.started_at, p.acknowledged_at) + make_interval(mins => p.minutes)
      FROM (SELECT COALESCE(x.logged_in_at, x.created_at) AS started_at
              FROM sessions x
             WHERE x.user_guid = customer AND x.finished_at IS NULL AND x.refresh_expires_at > now()
             ORDER BY 1 DESC
             LIMIT 1) s,
           (SELECT CASE WHEN r.interval_minutes IS NULL THEN COALESCE(c.default_minutes, 0)
                        WHEN r.interval_minutes = 0 AND NOT COALESCE(c.off_allowed, true) THEN COALESCE(c.default_minutes, 0)
                        ELSE r.interval_minutes END AS minutes,
                   r.acknowledged_at
              FROM (SELECT 1) one
              LEFT JOIN player_reality_checks r ON r.user_guid = customer
              LEFT JOIN reality_check_config c ON true) p
     WHERE p.minutes > 0
  ), false)
$$;
