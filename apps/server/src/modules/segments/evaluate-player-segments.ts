import type { SqlExecutor } from "../../lib/sql-executor.ts";
import { applySegmentRules } from "./apply-segment-rules.ts";

/**
 * Re-evaluates one player's rule segments in the caller's transaction, after an event that can change
 * them (deposit settled, verification, profile country, loyalty level, staff tag). Adds and removes
 * rule memberships (manual ones stay) and sends customer_segment_added for each segment added.
 */
export async function evaluatePlayerSegments(
  tx: SqlExecutor,
  playerGuid: string,
): Promise<{ added: string[]; removed: string[] }> {
  const changes = await applySegmentRules(tx, [playerGuid]);
  return changes.get(playerGuid) ?? { added: [], removed: [] };
}
