import { sql } from "drizzle-orm";
import { toFixedAmount } from "@croupier/contract/money";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { PLATFORM_OWNER, systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../ledger/move-wallet-money.ts";

/** The platform's side of manual adjustments in one currency: credits leave it, debits arrive in it. */
export const operatorAdjustmentAccount = (db: SqlExecutor, currencyGuid: string) =>
  systemAccountGuid(db, { kind: "operator_adjustment", owner: PLATFORM_OWNER, currencyGuid });

type PendingMoney = {
  id: string;
  wallet_guid: string;
  pocket: "cash" | "bonus";
  direction: "credit" | "debit";
  amount: string;
  currency_code: string;
  currency_decimals: number;
};

/**
 * Moves an adjustment's money in the caller's transaction and marks the request applied: ONE ledger transfer
 * (kind manual_adjustment, key adjustment:<id>, so it can exist once whatever happens) between the pocket and
 * the operator adjustment account, the guarded wallet update (a debit never overdraws: NOT_ENOUGH_MONEY names
 * what is available, and the caller's transaction rolls back) and user_balance_updated for the header balance.
 */
export async function applyAdjustmentMoney(
  tx: SqlExecutor,
  request: PendingMoney,
  accountGuid: string,
): Promise<string> {
  const pocket = request.pocket === "cash" ? "balance" : "bonus_balance";
  const moved = await moveWalletMoney(tx, {
    walletGuid: request.wallet_guid,
    pocket,
    direction: request.direction,
    amount: request.amount,
    counterpartyAccountGuid: accountGuid,
    kind: "manual_adjustment",
    idempotencyKey: `adjustment:${request.id}`,
    operationType: "manual_adjustment",
  });
  if (moved.status === "insufficient_funds") {
    const available = toFixedAmount(
      pocket === "balance" ? moved.balance : moved.bonusBalance,
      request.currency_decimals,
      "trunc",
    );
    throw notEnoughMoney(available, request);
  }
  if (moved.status === "idempotency_conflict")
    throw new Error(`adjustment ${request.id}: ledger key already used differently`);
  const updated = await queryRows<{ guid: string }>(
    tx,
    sql`UPDATE adjustment_requests SET status = 'applied', transfer_guid = ${moved.transferGuid}::uuid,
                                       decided_at = COALESCE(decided_at, now())
         WHERE guid = ${request.id}::uuid AND status = 'pending' RETURNING guid`,
  );
  if (!updated[0]) throw new Error(`adjustment ${request.id}: no longer pending`);
  return moved.transferGuid;
}

export function notEnoughMoney(available: string, request: Pick<PendingMoney, "pocket" | "currency_code">): AppError {
  return new AppError(
    "NOT_ENOUGH_MONEY",
    `Only ${available} ${request.currency_code} is available in the player's ${request.pocket} balance; a debit can never make it negative.`,
    { fields: [{ field: "body.amount", message: `is more than the ${available} available` }] },
  );
}
