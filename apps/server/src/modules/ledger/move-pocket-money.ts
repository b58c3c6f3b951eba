import { sql } from "drizzle-orm";
import type { LedgerTransferKind } from "@croupier/db/schema/ledger";
import { isUniqueViolation, queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { outboxEvents } from "../realtime/enqueue-event.ts";
import type { WalletPocket } from "./move-wallet-money.ts";

const pocketAccount: Record<WalletPocket, string> = {
  balance: "cash_account_guid",
  bonus_balance: "bonus_account_guid",
  deferred_bonus_balance: "deferred_bonus_account_guid",
};

export type MovePocketMoneyInput = {
  walletGuid: string;
  from: WalletPocket;
  to: WalletPocket;
  /** Positive decimal string, already checked against the currency's decimals. */
  amount: string;
  kind: LedgerTransferKind;
  idempotencyKey: string;
  bonusGuid?: string | null;
  /** operation_type of the user_balance_updated event. */
  operationType: string;
};

export type MovePocketMoneyResult =
  | { status: "applied" | "replayed"; balance: string; bonusBalance: string }
  | { status: "insufficient_funds" };

/**
 * Moves money between two pockets of ONE wallet (bonus conversion: bonus → cash; deferred release:
 * deferred → bonus) in one statement: the guarded wallet UPDATE (both cached balances), the ledger
 * transfer between the player's two accounts and the user_balance_updated event commit together.
 * The ledger key makes it happen once: a repeated key moves nothing and reports "replayed" (the
 * engine's keys are per customer bonus and outcome, so a replay is always the same move).
 */
export async function movePocketMoney(db: SqlExecutor, input: MovePocketMoneyInput): Promise<MovePocketMoneyResult> {
  if (input.from === input.to) throw new Error("movePocketMoney: from and to are the same pocket");
  const from = sql.raw(input.from);
  const to = sql.raw(input.to);
  const fromAccount = sql.raw(pocketAccount[input.from]);
  const toAccount = sql.raw(pocketAccount[input.to]);
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
    const done = await queryRows<{ guid: string }>(db, sql`SELECT guid FROM ledger_transfers WHERE idempotency_key = ${input.idempotencyKey}`);
    if (done[0]) return balances(db, input.walletGuid, "replayed");
    try {
      const rows = await queryRows<{ moved: boolean; balance: string; bonus_balance: string }>(
        db,
        sql`WITH moved AS (
              UPDATE wallets w SET ${from} = w.${from} - ${input.amount}::numeric, ${to} = w.${to} + ${input.amount}::numeric,
                                   updated_at = now()
               WHERE w.guid = ${input.walletGuid}::uuid AND w.${from} - ${input.amount}::numeric >= 0
              RETURNING w.guid, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.free_spin_count,
                        w.${fromAccount} AS from_account, w.${toAccount} AS to_account),
            transfer AS (
              INSERT INTO ledger_transfers (idempotency_key, kind, currency_guid, debit_account_guid, credit_account_guid, amount, bonus_guid)
              SELECT ${input.idempotencyKey}, ${input.kind}, moved.currency_guid, moved.from_account, moved.to_account,
                     ${input.amount}::numeric, ${input.bonusGuid ?? null}::uuid
                FROM moved
              RETURNING guid),
            ${event.insert}
            SELECT (SELECT count(*) FROM transfer) > 0 AS moved,
                   (SELECT balance FROM moved)::text AS balance, (SELECT bonus_balance FROM moved)::text AS bonus_balance,
                   (SELECT count(*) FROM (${event.notify}) n) AS notified`,
      );
      const row = rows[0];
      if (!row?.moved) return { status: "insufficient_funds" };
      return { status: "applied", balance: row.balance, bonusBalance: row.bonus_balance };
    } catch (error) {
      // A concurrent call with the same key committed first: report its move.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`transfer ${input.idempotencyKey} kept conflicting`);
}

async function balances(db: SqlExecutor, walletGuid: string, status: "replayed"): Promise<MovePocketMoneyResult> {
  const rows = await queryRows<{ balance: string; bonus_balance: string }>(
    db,
    sql`SELECT balance::text AS balance, bonus_balance::text AS bonus_balance FROM wallets WHERE guid = ${walletGuid}::uuid`,
  );
  if (!rows[0]) throw new Error(`wallet ${walletGuid} does not exist`);
  return { status, balance: rows[0].balance, bonusBalance: rows[0].bonus_balance };
}
