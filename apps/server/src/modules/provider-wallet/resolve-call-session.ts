import { sql } from "drizzle-orm";
import { hashGameSessionToken } from "../game-sessions/game-session-token.ts";
import { hotRows, type HotDatabase } from "../../lib/sql-executor.ts";
import { storedMethod, type StoredTransaction } from "./load-call-context.ts";

type Stored = Pick<StoredTransaction, "method" | "status" | "fingerprint">;

/** Where a win or rollback finds its game session: the token's, or (sent without one) its bet's. */
export type CallSession =
  | { found: true; tokenHash: string }
  /** No token and no bet of this provider to resolve it from: what is stored under both keys. */
  | { found: false; own: Stored | null; reference: Stored | null };

/**
 * A win or rollback MAY omit `token` (ADR 011, an extension of PROVIDER_WALLET_PROTOCOL.md): a
 * provider that keeps only a hash of the platform's token can still pay what is owed after a
 * restart. The referenced bet of THIS provider (the signed provider code) then names the player,
 * wallet, currency, game and session: the bet's game transaction records the session it came with.
 * Unique-key probes of game_transactions (ADR 040), and only for calls without a token (recovery, never the hot path).
 */
export async function resolveCallSession(
  database: HotDatabase,
  providerCode: string,
  input: { token: string | undefined; transactionUuid: string; referenceUuid: string },
): Promise<CallSession> {
  if (input.token !== undefined) return { found: true, tokenHash: hashGameSessionToken(input.token) };
  const stored = (uuid: string) => sql`(
    SELECT jsonb_build_object('method', ${storedMethod(sql`t`)}, 'status', t.status, 'fingerprint', t.fingerprint)
      FROM game_transactions t WHERE t.provider_code = ${providerCode} AND t.tradeid = ${uuid})`;
  const [row] = await hotRows<{ token_hash: string | null; own: Stored | null; reference: Stored | null }>(
    database,
    sql`SELECT (SELECT s.token_hash
                  FROM game_transactions b
                  JOIN game_sessions s ON s.guid = b.session_id
                 WHERE b.provider_code = ${providerCode} AND b.tradeid = ${input.referenceUuid}
                   AND b.operation = 'bet') AS token_hash,
               ${stored(input.transactionUuid)} AS own,
               ${stored(input.referenceUuid)} AS reference`,
  );
  if (row?.token_hash) return { found: true, tokenHash: row.token_hash };
  return { found: false, own: row?.own ?? null, reference: row?.reference ?? null };
}
