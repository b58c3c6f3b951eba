import { sql } from "drizzle-orm";
import { IDENTITY_DOCUMENT_TYPES, type VERIFICATION_GROUPS } from "@croupier/contract/entities/documents";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import type { Env } from "../../env.ts";

export type VerificationState = { is_verified: boolean; missing: (typeof VERIFICATION_GROUPS)[number][] };

/**
 * Where the player stands against the operator's required set (KYC_REQUIRED_DOCUMENTS, ADR 023), read
 * only: "identity" is any approved passport, national id or driving licence; the other groups are their
 * own type. is_verified is the stored flag (payments read it), which refreshVerification sets.
 */
export async function verificationStatus(executor: SqlExecutor, env: Env, playerGuid: string): Promise<VerificationState> {
  const rows = await queryRows<{ type: string | null; is_verified: boolean }>(
    executor,
    sql`SELECT d.type, u.is_verified
          FROM users u
          LEFT JOIN kyc_documents d ON d.user_guid = u.guid AND d.status = 'approved'
         WHERE u.guid = ${playerGuid}::uuid`,
  );
  const types = new Set(rows.map((r) => r.type).filter((t): t is string => t !== null));
  const identity: readonly string[] = IDENTITY_DOCUMENT_TYPES;
  const missing = env.KYC_REQUIRED_DOCUMENTS.filter((group) =>
    group === "identity" ? !identity.some((t) => types.has(t)) : !types.has(group),
  );
  return { is_verified: rows[0]?.is_verified ?? false, missing };
}
