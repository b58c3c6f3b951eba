import { sql } from "drizzle-orm";
import type { LedgerTransferKind } from "@croupier/db/schema/ledger";
import { canonicalAmount } from "@croupier/contract/money";
import { isUniqueViolation, queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { outboxEvents } from "../realtime/enqueue-event.ts";

/** Which cached balance of the wallet (and so which player account) the money moves on. */
export type WalletPocket = "balance" | "bonus_balance" | "deferred_bonus_balance";

const pocketAccount: Record<WalletPocket, string> = {
  balance: "cash_account_guid",
  bonus_balance: "bonus_account_guid",
  deferred_bonus_balance: "deferred_bonus_account_guid",
};

export type MoveWalletMoneyInput = {
  walletGuid: string;
  pocket: WalletPocket;
  /** credit: counterparty → wallet; debit: wallet → counterparty (refused if it would overdraw). */
  direction: "credit" | "debit";
  /** Positive decimal string, already checked against the currency's decimals. */
  amount: string;
  counterpartyAccountGuid: string;
  kind: LedgerTransferKind;
  idempotencyKey: string;
  paymentGuid?: string | null;
  bonusGuid?: string | null;
  /** operation_type of the user_balance_updated event. */
  operationType: string;
};

export type MoveWalletMoneyResult =
  | { status: "applied" | "replayed"; balance: string; bonusBalance: string; transferGuid: string }
  | { status: "insufficient_funds"; balance: string; bonusBalance: string }
  | { status: "idempotency_conflict" };

/**
 * Moves money between one pocket of a wallet and a platform account in ONE
 * statement: the guarded wallet UPDATE, the ledger transfer and the outbox
 * event commit together or not at all. Deposits, withdrawals (pocket
 * "balance" only: withdrawals draw on cash), bonus grants and forfeits use it.
 *
 * A repeated idempotency key moves nothing: with identical parameters the
 * call reports "replayed", otherwise "idempotency_conflict".
 */
export async function moveWalletMoney(db: SqlExecutor, input: MoveWalletMoneyInput): Promise<MoveWalletMoneyResult> {
  const column = sql.raw(input.pocket);
  const accountColumn = sql.raw(pocketAccount[input.pocket]);
  const sign = sql.raw(input.direction === "credit" ? "+" : "-");
  const guard = input.direction === "debit" ? sql`AND w.${column} - ${input.amount}::numeric >= 0` : sql``;
  const debitAccount =
    input.direction === "debit" ? sql`moved.player_account` : sql`${input.counterpartyAccountGuid}::uuid`;
  const creditAccount =
    input.direction === "debit" ? sql`${input.counterpartyAccountGuid}::uuid` : sql`moved.player_account`;
  const event = outboxEvents("event", "user_balance_updated", {
    userGuid: sql`moved.customer_guid`,
    payload: {
      wallet_guid: sql`moved.guid`,
      currency_guid: sql`moved.currency_guid`,
      balance: sql`round(moved.balance, c.decimals)::text`,
      bonus_balance: sql`round(moved.bonus_balance, c.decimals)::text`,
      free_spin_count: sql`moved.free_spin_count`,
      operation_type: sql`${input.operationType}::text`,
      operation_amount: sql`${input.amount}::text`,
    },
    from: sql`FROM moved JOIN currencies c ON c.guid = moved.currency_guid`,
  });

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = await findTransfer(db, input.idempotencyKey);
    if (existing) return replay(db, input, existing);
    try {
      const rows = await queryRows<{
        moved: boolean;
        balance: string;
        bonus_balance: string;
        transfer_guid: string | null;
      }>(
        db,
        sql`WITH moved AS (
              UPDATE wallets w SET ${column} = w.${column} ${sign} ${input.amount}::numeric, updated_at = now()
               WHERE w.guid = ${input.walletGuid}::uuid ${guard}
              RETURNING w.guid, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.free_spin_count,
                        w.${accountColumn} AS player_account),
            transfer AS (
              INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid,
                                            amount, payment_guid, bonus_guid)
              SELECT ${input.idempotencyKey}, ${input.kind}, moved.currency_guid, ${debitAccount}, ${creditAccount},
                     ${input.amount}::numeric, ${input.paymentGuid ?? null}::uuid, ${input.bonusGuid ?? null}::uuid
                FROM moved
              RETURNING guid),
            ${event.insert}
            SELECT (SELECT count(*) FROM moved) > 0 AS moved,
                   COALESCE((SELECT balance FROM moved), w.balance)::text AS balance,
                   COALESCE((SELECT bonus_balance FROM moved), w.bonus_balance)::text AS bonus_balance,
                   (SELECT guid FROM transfer) AS transfer_guid,
                   (SELECT count(*) FROM (${event.notify}) n) AS notified
              FROM wallets w WHERE w.guid = ${input.walletGuid}::uuid`,
      );
      const row = rows[0];
      if (!row) throw new Error(`wallet ${input.walletGuid} does not exist`);
      if (!row.moved || !row.transfer_guid) {
        return { status: "insufficient_funds", balance: row.balance, bonusBalance: row.bonus_balance };
      }
      return { status: "applied", balance: row.balance, bonusBalance: row.bonus_balance, transferGuid: row.transfer_guid };
    } catch (error) {
      // A concurrent call with the same key committed first: replay it.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`transfer ${input.idempotencyKey} kept conflicting`);
}

type ExistingTransfer = {
  guid: string;
  kind: string;
  amount: string;
  debit_account_guid: string;
  credit_account_guid: string;
};

async function findTransfer(db: SqlExecutor, key: string): Promise<ExistingTransfer | undefined> {
  const rows = await queryRows<ExistingTransfer>(
    db,
    sql`SELECT guid, kind, amount::text AS amount, debit_account_guid, credit_account_guid
          FROM ledger_transfers WHERE idempotency_key = ${key}`,
  );
  return rows[0];
}

async function replay(
  db: SqlExecutor,
  input: MoveWalletMoneyInput,
  existing: ExistingTransfer,
): Promise<MoveWalletMoneyResult> {
  const rows = await queryRows<{ account: string; balance: string; bonus_balance: string }>(
    db,
    sql`SELECT ${sql.raw(pocketAccount[input.pocket])} AS account, balance::text AS balance, bonus_balance::text AS bonus_balance
          FROM wallets WHERE guid = ${input.walletGuid}::uuid`,
  );
  const wallet = rows[0];
  const [from, to] =
    input.direction === "debit"
      ? [wallet?.account, input.counterpartyAccountGuid]
      : [input.counterpartyAccountGuid, wallet?.account];
  const same =
    wallet &&
    existing.kind === input.kind &&
    canonicalAmount(existing.amount) === canonicalAmount(input.amount) &&
    existing.debit_account_guid === from &&
    existing.credit_account_guid === to;
  if (!same || !wallet) return { status: "idempotency_conflict" };
  return { status: "replayed", balance: wallet.balance, bonusBalance: wallet.bonus_balance, transferGuid: existing.guid };
}
