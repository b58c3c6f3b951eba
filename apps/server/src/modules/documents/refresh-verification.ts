import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../lib/sql-executor.ts";
import type { Env } from "../../env.ts";
import { evaluatePlayerSegments } from "../segments/evaluate-player-segments.ts";
import { verificationStatus, type VerificationState } from "./verification-status.ts";

/**
 * After a review decision: when the required set is complete, users.is_verified turns true in the
 * caller's transaction (the flag payments already read). It is never turned false here: a verification
 * stands once granted.
 */
export async function refreshVerification(executor: SqlExecutor, env: Env, playerGuid: string): Promise<VerificationState> {
  const state = await verificationStatus(executor, env, playerGuid);
  if (state.missing.length > 0 || state.is_verified) return state;
  await executor.execute(sql`UPDATE users SET is_verified = true, updated_at = now() WHERE guid = ${playerGuid}::uuid AND NOT is_verified`);
  // A "verified" segment rule may now match (issue #18): same transaction as the change.
  await evaluatePlayerSegments(executor, playerGuid);
  return { is_verified: true, missing: [] };
}
