import { sql } from "drizzle-orm";
import type { LedgerTransferKind } from "@croupier/db/schema/ledger";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";

export type MovePlatformMoneyInput = {
  /** Both platform-side accounts (clearing, withdrawal_pending, house, bonus cost) in `currencyGuid`. */
  debitAccountGuid: string;
  creditAccountGuid: string;
  currencyGuid: string;
  /** Positive decimal string, already checked against the currency's decimals. */
  amount: string;
  kind: LedgerTransferKind;
  idempotencyKey: string;
  paymentGuid?: string | null;
};

/**
 * One ledger transfer between two platform-side accounts, in the caller's
 * transaction. No wallet is involved, so there is no cached balance to guard:
 * money that touches a player goes through moveWalletMoney, and a player
 * account here is refused (its wallet would stop matching the ledger).
 *
 * The caller makes the move happen once (e.g. a locked payment row in the
 * right status); a repeated idempotency key fails with a unique violation.
 */
export async function movePlatformMoney(db: SqlExecutor, input: MovePlatformMoneyInput): Promise<{ transferGuid: string }> {
  const rows = await queryRows<{ guid: string }>(
    db,
    sql`INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount, payment_guid)
        SELECT ${input.idempotencyKey}, ${input.kind}, ${input.currencyGuid}::uuid, ${input.debitAccountGuid}::uuid,
               ${input.creditAccountGuid}::uuid, ${input.amount}::numeric, ${input.paymentGuid ?? null}::uuid
         WHERE NOT EXISTS (
           SELECT 1 FROM ledger_accounts a
            WHERE a.guid IN (${input.debitAccountGuid}::uuid, ${input.creditAccountGuid}::uuid)
              AND a.kind IN ('player_cash', 'player_bonus', 'player_deferred_bonus'))
        RETURNING guid`,
  );
  const transfer = rows[0];
  if (!transfer) throw new Error(`transfer ${input.idempotencyKey}: a player account moves only with its wallet (moveWalletMoney)`);
  return { transferGuid: transfer.guid };
}
