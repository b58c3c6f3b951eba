import { sql } from "drizzle-orm";
import type { LedgerAccountKind } from "@croupier/db/schema/ledger";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

/** Owner of the accounts that belong to the platform itself (clearing, bonus cost). */
export const PLATFORM_OWNER = "platform";

/**
 * The account of (owner, kind, currency), created on first use. Safe under
 * concurrency: ON CONFLICT DO NOTHING, then read the row whoever created it.
 */
export async function ensureLedgerAccount(
  executor: SqlExecutor,
  input: { kind: LedgerAccountKind; owner: string; currencyGuid: string },
): Promise<string> {
  // A concurrent creator makes our INSERT do nothing while its row is still
  // invisible to this statement's snapshot; the next statement sees it.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const rows = await queryRows<{ guid: string }>(
      executor,
      sql`WITH created AS (
            INSERT INTO ledger_accounts (kind, owner, currency_guid)
            VALUES (${input.kind}, ${input.owner}, ${input.currencyGuid}::uuid)
            ON CONFLICT (owner, kind, currency_guid) DO NOTHING
            RETURNING guid)
          SELECT guid FROM created
          UNION ALL
          SELECT guid FROM ledger_accounts
           WHERE owner = ${input.owner} AND kind = ${input.kind} AND currency_guid = ${input.currencyGuid}::uuid`,
    );
    if (rows[0]) return rows[0].guid;
  }
  throw new Error(`ledger account ${input.kind}/${input.owner} could not be created`);
}

// Platform-side accounts never change once created, so their guids are cached
// per database handle. They are created outside any caller's transaction: a
// cached guid must never point at a row that was rolled back.
const systemAccountCache = new WeakMap<object, Map<string, string>>();

/** A platform-side account (house_game per provider, payment_clearing, bonus_cost), cached. */
export async function systemAccountGuid(
  db: SqlExecutor,
  input: { kind: Exclude<LedgerAccountKind, "player_cash" | "player_bonus" | "player_deferred_bonus">; owner: string; currencyGuid: string },
): Promise<string> {
  let cache = systemAccountCache.get(db);
  if (!cache) {
    cache = new Map();
    systemAccountCache.set(db, cache);
  }
  const key = `${input.kind}|${input.owner}|${input.currencyGuid}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const guid = await ensureLedgerAccount(db, input);
  cache.set(key, guid);
  return guid;
}
