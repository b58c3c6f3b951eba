import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { notFound } from "../../lib/app-error.ts";
import { ensureLedgerAccount } from "../ledger/ledger-accounts.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { lockPlayerWallets } from "./player-wallet-lock.ts";
import { walletColumns, type WalletRow } from "./wallet-select.ts";

export type GetOrCreateWalletInput = {
  playerGuid: string;
  /** Omitted: the active wallet, or a first wallet in the player's first-wallet currency. */
  currencyGuid?: string;
  /** Make this wallet the player's active one (the others become inactive). */
  setActive: boolean;
};

/**
 * GET /billing/wallet: the player's wallet in a currency, created (with its
 * three ledger accounts) if absent. A player's first wallet is active; with
 * setActive the returned wallet becomes the only active one. Runs under the
 * player's wallet lock so two concurrent calls never create twice or leave two
 * wallets active.
 */
export async function getOrCreateWallet(db: Db, input: GetOrCreateWalletInput): Promise<WalletRow> {
  return db.transaction(async (tx) => {
    await lockPlayerWallets(tx, input.playerGuid);
    let currencyGuid = input.currencyGuid;
    if (!currencyGuid) {
      const active = await findWalletGuid(tx, input.playerGuid, null);
      if (active) return selectWallet(tx, active);
      currencyGuid = await firstWalletCurrency(tx, input.playerGuid);
    }
    const known = await queryRows<{ guid: string }>(tx, sql`SELECT guid FROM currencies WHERE guid = ${currencyGuid}::uuid`);
    if (!known[0]) throw notFound("No such currency.");

    const walletGuid =
      (await findWalletGuid(tx, input.playerGuid, currencyGuid)) ??
      (await createWallet(tx, input.playerGuid, currencyGuid));
    if (input.setActive) await makeActive(tx, input.playerGuid, walletGuid);
    return selectWallet(tx, walletGuid);
  });
}

/** Creates the player's first wallet if they have none (for sign-up); returns the active wallet. */
export async function ensureFirstWallet(db: Db, playerGuid: string): Promise<WalletRow> {
  return getOrCreateWallet(db, { playerGuid, setActive: false });
}

async function findWalletGuid(tx: SqlExecutor, playerGuid: string, currencyGuid: string | null): Promise<string | undefined> {
  const filter = currencyGuid ? sql`w.currency_guid = ${currencyGuid}::uuid` : sql`w.is_active`;
  const rows = await queryRows<{ guid: string }>(
    tx,
    sql`SELECT w.guid FROM wallets w JOIN currencies c ON c.guid = w.currency_guid
         WHERE w.customer_guid = ${playerGuid}::uuid AND ${filter}`,
  );
  return rows[0]?.guid;
}

async function createWallet(tx: SqlExecutor, playerGuid: string, currencyGuid: string): Promise<string> {
  // One after the other: a transaction is one connection.
  const cash = await ensureLedgerAccount(tx, { kind: "player_cash", owner: playerGuid, currencyGuid });
  const bonus = await ensureLedgerAccount(tx, { kind: "player_bonus", owner: playerGuid, currencyGuid });
  const deferred = await ensureLedgerAccount(tx, { kind: "player_deferred_bonus", owner: playerGuid, currencyGuid });
  // The first wallet a player gets is the active one; later ones wait for an activation.
  const rows = await queryRows<{ guid: string }>(
    tx,
    sql`INSERT INTO wallets (customer_guid, currency_guid, cash_account_guid, bonus_account_guid, deferred_bonus_account_guid, is_active)
        VALUES (${playerGuid}::uuid, ${currencyGuid}::uuid, ${cash}::uuid, ${bonus}::uuid, ${deferred}::uuid,
                NOT EXISTS (SELECT 1 FROM wallets WHERE customer_guid = ${playerGuid}::uuid AND is_active))
        RETURNING guid`,
  );
  return rows[0]!.guid;
}

/** Exactly one active wallet: deactivate the others first, then activate (the partial unique index checks each row). */
export async function makeActive(tx: SqlExecutor, playerGuid: string, walletGuid: string): Promise<void> {
  await tx.execute(
    sql`UPDATE wallets SET is_active = false, updated_at = now()
         WHERE customer_guid = ${playerGuid}::uuid AND is_active AND guid <> ${walletGuid}::uuid`,
  );
  await tx.execute(
    sql`UPDATE wallets SET is_active = true, updated_at = now()
         WHERE guid = ${walletGuid}::uuid AND customer_guid = ${playerGuid}::uuid AND NOT is_active`,
  );
}

export async function selectWallet(tx: SqlExecutor, walletGuid: string): Promise<WalletRow> {
  const rows = await queryRows<WalletRow>(
    tx,
    sql`SELECT ${walletColumns} FROM wallets w JOIN currencies c ON c.guid = w.currency_guid WHERE w.guid = ${walletGuid}::uuid`,
  );
  if (!rows[0]) throw notFound("No such wallet.");
  return rows[0];
}

/** The profile currency, else the default currency, else the first one. */
async function firstWalletCurrency(tx: SqlExecutor, playerGuid: string): Promise<string> {
  const rows = await queryRows<{ guid: string }>(
    tx,
    sql`SELECT guid FROM (
          SELECT c.guid, 0 AS rank, 0 AS ordering, '' AS code
            FROM users u JOIN currencies c ON c.guid = u.currency_guid WHERE u.guid = ${playerGuid}::uuid
          UNION ALL
          SELECT guid, CASE WHEN is_default THEN 1 ELSE 2 END, ordering, code FROM currencies) candidates
        ORDER BY rank, ordering, code LIMIT 1`,
  );
  if (!rows[0]) throw notFound("No currency is configured.");
  return rows[0].guid;
}
