import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export type ReconcileCulprit =
  | { kind: "wallet_mismatch"; wallet_guid: string; currency: string; pocket: string; cached: string; ledger: string }
  | { kind: "currency_not_zero"; currency: string; sum: string }
  | { kind: "negative_player_account"; account_guid: string; currency: string; ledger: string }
  | { kind: "cross_currency_transfer"; transfer_guid: string };

export type CurrencySummary = {
  currency: string;
  accounts: number;
  transfers: number;
  wallets: number;
  /** Sum of every account's ledger balance in this currency: must be exactly 0. */
  sum: string;
  /** What players hold (cash + bonus + deferred), for the operator's eye. */
  player_money: string;
};

export type ReconcileReport = { ok: boolean; currencies: CurrencySummary[]; culprits: ReconcileCulprit[] };

/**
 * Proves, per currency, that every wallet's cached balances equal the ledger
 * sums of its accounts and that all accounts together sum to zero. Reads one
 * snapshot (REPEATABLE READ) so money moving meanwhile cannot fake a mismatch.
 */
export async function reconcileLedger(db: Db): Promise<ReconcileReport> {
  const run = async (tx: SqlExecutor) => {
    const accountBalances = sql`
      account_balances AS (
        SELECT a.guid, a.kind, a.currency_guid,
               COALESCE(cr.total, 0) - COALESCE(dr.total, 0) AS ledger
          FROM ledger_accounts a
          LEFT JOIN (SELECT credit_account_guid AS guid, sum(amount) AS total FROM ledger_transfers GROUP BY 1) cr ON cr.guid = a.guid
          LEFT JOIN (SELECT debit_account_guid AS guid, sum(amount) AS total FROM ledger_transfers GROUP BY 1) dr ON dr.guid = a.guid)`;

    const currencies = await queryRows<{
      currency: string;
      accounts: string;
      wallets: string;
      transfers: string;
      sum: string;
      player_money: string;
    }>(
      tx,
      sql`WITH ${accountBalances}
          SELECT c.code AS currency,
                 count(ab.guid)::text AS accounts,
                 (SELECT count(*) FROM wallets w WHERE w.currency_guid = c.guid)::text AS wallets,
                 (SELECT count(*) FROM ledger_transfers t WHERE t.currency_guid = c.guid)::text AS transfers,
                 COALESCE(sum(ab.ledger), 0)::text AS sum,
                 COALESCE(sum(ab.ledger) FILTER (WHERE ab.kind LIKE 'player_%'), 0)::text AS player_money
            FROM currencies c
            JOIN account_balances ab ON ab.currency_guid = c.guid
           GROUP BY c.guid, c.code
           ORDER BY c.code`,
    );

    const walletMismatches = await queryRows<{
      wallet_guid: string;
      currency: string;
      pocket: string;
      cached: string;
      ledger: string;
    }>(
      tx,
      sql`WITH ${accountBalances}
          SELECT w.guid AS wallet_guid, c.code AS currency, p.pocket, p.cached::text AS cached, COALESCE(ab.ledger, 0)::text AS ledger
            FROM wallets w
            JOIN currencies c ON c.guid = w.currency_guid
            CROSS JOIN LATERAL (VALUES ('balance', w.balance, w.cash_account_guid),
                                       ('bonus_balance', w.bonus_balance, w.bonus_account_guid),
                                       ('deferred_bonus_balance', w.deferred_bonus_balance, w.deferred_bonus_account_guid))
                       AS p(pocket, cached, account_guid)
            LEFT JOIN account_balances ab ON ab.guid = p.account_guid
           WHERE p.cached IS DISTINCT FROM COALESCE(ab.ledger, 0)
              OR ab.currency_guid IS DISTINCT FROM w.currency_guid
           ORDER BY w.guid, p.pocket
           LIMIT 1000`,
    );

    const negativePlayerAccounts = await queryRows<{ account_guid: string; currency: string; ledger: string }>(
      tx,
      sql`WITH ${accountBalances}
          SELECT ab.guid AS account_guid, c.code AS currency, ab.ledger::text AS ledger
            FROM account_balances ab JOIN currencies c ON c.guid = ab.currency_guid
           WHERE ab.kind LIKE 'player_%' AND ab.ledger < 0
           LIMIT 1000`,
    );

    // The composite foreign keys already forbid this; checked anyway so the
    // report stands on its own even against a tampered schema.
    const crossCurrency = await queryRows<{ transfer_guid: string }>(
      tx,
      sql`SELECT t.guid AS transfer_guid
            FROM ledger_transfers t
            JOIN ledger_accounts d ON d.guid = t.debit_account_guid
            JOIN ledger_accounts cr ON cr.guid = t.credit_account_guid
           WHERE d.currency_guid <> t.currency_guid OR cr.currency_guid <> t.currency_guid
           LIMIT 1000`,
    );

    const culprits: ReconcileCulprit[] = [
      ...walletMismatches.map((m) => ({ kind: "wallet_mismatch" as const, ...m })),
      ...currencies
        .filter((c) => !/^-?0(\.0+)?$/.test(c.sum))
        .map((c) => ({ kind: "currency_not_zero" as const, currency: c.currency, sum: c.sum })),
      ...negativePlayerAccounts.map((n) => ({ kind: "negative_player_account" as const, ...n })),
      ...crossCurrency.map((x) => ({ kind: "cross_currency_transfer" as const, ...x })),
    ];
    return {
      ok: culprits.length === 0,
      currencies: currencies.map((c) => ({
        currency: c.currency,
        accounts: Number(c.accounts),
        wallets: Number(c.wallets),
        transfers: Number(c.transfers),
        sum: c.sum,
        player_money: c.player_money,
      })),
      culprits,
    };
  };
  return runInSnapshot(db, run);
}

function runInSnapshot<T>(db: Db, fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
  return db.transaction(fn, { isolationLevel: "repeatable read", accessMode: "read only" });
}
