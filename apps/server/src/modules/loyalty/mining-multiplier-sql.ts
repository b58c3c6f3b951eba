import { sql, type SQL } from "drizzle-orm";

/**
 * A LATERAL subquery (alias `mm`) of one player's mining multiplier: their level's coin multiplier
 * (1 at level 0 or when the level was removed) × the highest segment mining multiplier among their
 * segments (segments.data.mining_multiplier, a number in (0, 100]; 1 when none), and that segment's
 * name. Columns: level_multiplier, segment_name, segment_multiplier, multiplier.
 */
export function miningMultiplierSql(playerGuid: SQL): SQL {
  return sql`LATERAL (
    SELECT lm.level_multiplier, sm.segment_name, COALESCE(sm.segment_multiplier, 1) AS segment_multiplier,
           lm.level_multiplier * COALESCE(sm.segment_multiplier, 1) AS multiplier
      FROM (SELECT COALESCE((SELECT ll.coin_multiplier FROM player_loyalty pl JOIN loyalty_levels ll ON ll.level = pl.level
                              WHERE pl.customer_guid = ${playerGuid}), 1) AS level_multiplier) lm
      LEFT JOIN LATERAL (
        SELECT sg.name AS segment_name, (sg.data->>'mining_multiplier')::numeric AS segment_multiplier
          FROM user_segments us JOIN segments sg ON sg.guid = us.segment_guid
         WHERE us.user_guid = ${playerGuid}
           AND jsonb_typeof(sg.data->'mining_multiplier') = 'number'
           AND (sg.data->>'mining_multiplier')::numeric > 0 AND (sg.data->>'mining_multiplier')::numeric <= 100
         ORDER BY (sg.data->>'mining_multiplier')::numeric DESC, sg.name
         LIMIT 1) sm ON true) mm`;
}
