import { sql } from "drizzle-orm";
import { IDENTITY_DOCUMENT_TYPES } from "@croupier/contract/entities/documents";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import type { Env } from "../../env.ts";

export type VerificationState = { is_verified: boolean; missing: string[] };

/**
 * The player's verification against the operator's required set (KYC_REQUIRED_DOCUMENTS, ADR 023):
 * "identity" is any approved passport, national id or driving licence; the other groups are their
 * own type. When the set is complete, users.is_verified turns true in the caller's transaction (the
 * flag payments already read). It is never turned false here: a verification stands once granted.
 */
export async function refreshVerification(executor: SqlExecutor, env: Env, playerGuid: string): Promise<VerificationState> {
  const approved = await queryRows<{ type: string }>(
    executor,
    sql`SELECT DISTINCT type FROM kyc_documents WHERE user_guid = ${playerGuid}::uuid AND status = 'approved'`,
  );
  const types = new Set(approved.map((r) => r.type));
  const identity: readonly string[] = IDENTITY_DOCUMENT_TYPES;
  const missing = env.KYC_REQUIRED_DOCUMENTS.filter((group) =>
    group === "identity" ? !identity.some((t) => types.has(t)) : !types.has(group),
  );
  if (missing.length > 0) {
    const [user] = await queryRows<{ is_verified: boolean }>(executor, sql`SELECT is_verified FROM users WHERE guid = ${playerGuid}::uuid`);
    return { is_verified: user?.is_verified ?? false, missing };
  }
  await executor.execute(sql`UPDATE users SET is_verified = true, updated_at = now() WHERE guid = ${playerGuid}::uuid AND NOT is_verified`);
  return { is_verified: true, missing };
}
