import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../lib/sql-executor.ts";

/**
 * Serialises changes to the SET of a player's wallets (create, activate) for
 * the rest of the transaction. Money moves never take it: they lock only
 * their wallet row.
 */
export async function lockPlayerWallets(tx: SqlExecutor, playerGuid: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`wallets:${playerGuid}`}, 0))`);
}
