import { sql, type SQL } from "drizzle-orm";

/**
 * Campaign targeting (ADR 033): true when `segmentGuids` (a uuid[] expression) is empty, or the
 * player is in one of them: their own segments, else the default ones (as GET /segments and the
 * bonus hub's list read them, so an offer shown is an offer granted).
 */
export function playerInSegmentsSql(playerGuid: SQL, segmentGuids: SQL): SQL {
  return sql`(cardinality(${segmentGuids}) = 0
    OR EXISTS (SELECT 1 FROM user_segments us WHERE us.user_guid = ${playerGuid} AND us.segment_guid = ANY(${segmentGuids}))
    OR (NOT EXISTS (SELECT 1 FROM user_segments us WHERE us.user_guid = ${playerGuid})
        AND EXISTS (SELECT 1 FROM segments s WHERE s.is_default AND s.guid = ANY(${segmentGuids}))))`;
}
