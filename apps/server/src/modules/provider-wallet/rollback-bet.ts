import { sql } from "drizzle-orm";
import type { RollbackRequest } from "@croupier/contract/entities/provider-wallet";
import { systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { hotRows, isUniqueViolation, type HotDatabase } from "../ledger/sql-executor.ts";
import { contextWallet, MAX_ATTEMPTS, replayStored, unknownSession } from "./call-preamble.ts";
import { callFingerprint, TOMBSTONE_FINGERPRINT } from "./fingerprint.ts";
import { loadCallContext, type CallContext } from "./load-call-context.ts";
import { exchangeFields, playAmountSql } from "./play-currency.ts";
import { callTailCtes, callTailResult } from "./provider-call-tail.ts";
import { wakeOutboxDispatcher } from "./wake-outbox-dispatcher.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/**
 * rollback: refund a bet, exactly as it was funded (cash to cash, bonus to
 * bonus, wagering and free spins given back). Ignores token expiry and player
 * blocks. A rollback of a bet never seen records a tombstone under the bet's
 * transaction_uuid, so the bet is refused if it arrives later; a rollback of
 * an already rolled-back bet answers OK again. Only bets are rolled back.
 */
export async function rollbackBet(database: HotDatabase, providerCode: string, request: RollbackRequest): Promise<WalletCallResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const ctx = await loadCallContext(database, {
      providerCode,
      token: request.token,
      transactionUuid: request.transaction_uuid,
      referenceUuid: request.reference_transaction_uuid,
    });
    if (unknownSession(ctx, providerCode)) return walletResult("INVALID_TOKEN");
    const wallet = contextWallet(ctx);
    const fingerprint = callFingerprint({
      method: "rollback",
      playerGuid: ctx.customer_guid,
      walletGuid: ctx.wallet_guid,
      gameCode: request.game_code,
      roundId: request.round_id,
      amount: null,
      currency: null,
      referenceUuid: request.reference_transaction_uuid,
      freeSpin: false,
      roundClosed: false,
    });
    if (ctx.own) return replayStored(ctx, ctx.own, fingerprint);
    if (request.game_code !== ctx.game_code) return walletResult("INVALID_GAME", wallet);
    if (request.reference_transaction_uuid === request.transaction_uuid) return walletResult("INVALID_REQUEST", wallet);
    const bet = ctx.reference;
    try {
      if (!bet) {
        await recordWithoutMoney(database, providerCode, request, ctx, fingerprint, { tombstone: true });
        return walletResult("OK", wallet);
      }
      if (bet.method !== "bet" && bet.method !== "tombstone") return walletResult("TRANSACTION_NOT_FOUND", wallet);
      if (bet.wallet_guid && bet.wallet_guid !== ctx.wallet_guid) return walletResult("TRANSACTION_NOT_FOUND", wallet);
      if (bet.status !== "accepted") {
        await recordWithoutMoney(database, providerCode, request, ctx, fingerprint, { tombstone: false });
        return walletResult("OK", wallet);
      }
      const refunded = await refund(database, providerCode, request, ctx, fingerprint, bet.amount ?? "0", bet.free_spin);
      if (refunded) return walletResult("OK", { ...wallet, ...refunded });
      // Another rollback of the same bet won the race: go round and answer "already rolled back".
    } catch (error) {
      // A concurrent call claimed a key we wrote (the bet itself appeared, or
      // this rollback is being retried in parallel): read again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`rollback ${request.transaction_uuid} kept losing races`);
}

async function refund(
  database: HotDatabase,
  providerCode: string,
  request: RollbackRequest,
  ctx: CallContext,
  fingerprint: string,
  betAmount: string,
  freeSpin: boolean,
): Promise<{ balance: string; bonusBalance: string } | null> {
  const house = await systemAccountGuid(database.db, { kind: "house_game", owner: providerCode, currencyGuid: ctx.currency_guid });
  const rows = await hotRows<{ applied: boolean; balance_after: string | null; bonus_balance_after: string | null }>(
    database,
    sql`WITH bet AS (
          UPDATE provider_transactions t SET status = 'rolled_back', updated_at = now()
           WHERE t.provider_code = ${providerCode} AND t.transaction_uuid = ${request.reference_transaction_uuid}
             AND t.method = 'bet' AND t.status = 'accepted' AND t.wallet_guid = ${ctx.wallet_guid}::uuid
          RETURNING t.cash_amount, t.bonus_amount, t.wager_contribution, t.free_spin, t.game_transaction_guid),
        moved AS (
          UPDATE wallets w
             SET balance = w.balance + bet.cash_amount,
                 bonus_balance = w.bonus_balance + bet.bonus_amount,
                 wager = w.wager + CASE WHEN w.customer_bonus_guid IS NULL THEN 0 ELSE bet.wager_contribution END,
                 free_spin_count = w.free_spin_count + CASE WHEN bet.free_spin THEN 1 ELSE 0 END,
                 updated_at = now()
            FROM bet WHERE w.guid = ${ctx.wallet_guid}::uuid
          RETURNING w.guid, w.customer_guid, w.currency_guid, w.balance, w.bonus_balance, w.free_spin_count,
                    w.balance + w.bonus_balance - bet.cash_amount - bet.bonus_amount AS total_before,
                    bet.cash_amount AS cash_part, bet.bonus_amount AS bonus_part,
                    w.cash_account_guid, w.bonus_account_guid, 0::numeric AS wager_contribution),
        ${callTailCtes({
          providerCode,
          transactionUuid: request.transaction_uuid,
          method: "rollback",
          fingerprint,
          roundId: request.round_id,
          roundClosed: false,
          amount: sql`${betAmount}::numeric`,
          // The refund in G is the bet's own G stake, as its game transaction recorded it.
          exchange: exchangeFields(
            ctx,
            sql`(SELECT g.exchange_bet_sum FROM game_transactions g WHERE g.guid = (SELECT game_transaction_guid FROM bet))`,
          ),
          freeSpin,
          sessionGuid: ctx.session_guid,
          gameCode: ctx.game_code,
          gameGuid: ctx.game_guid,
          referenceUuid: request.reference_transaction_uuid,
          correlation: sql`(SELECT game_transaction_guid FROM bet)`,
          cashCounterparty: house,
          bonusCounterparty: house,
          toPlayer: true,
          transferKind: { cash: "rollback", bonus: "rollback" },
          announce: true,
          currencyDecimals: ctx.decimals,
        })}
        SELECT (SELECT count(*) FROM moved) > 0 AS applied,
               (SELECT ${playAmountSql(ctx, sql`balance`)}::text FROM moved) AS balance_after,
               (SELECT ${playAmountSql(ctx, sql`bonus_balance`)}::text FROM moved) AS bonus_balance_after,
               ${callTailResult}`,
  );
  const row = rows[0];
  if (!row?.applied || row.balance_after === null || row.bonus_balance_after === null) return null;
  wakeOutboxDispatcher(database);
  return { balance: row.balance_after, bonusBalance: row.bonus_balance_after };
}

/**
 * A rollback that moves nothing still claims its own transaction_uuid (so a
 * retry gets the same answer); with `tombstone` it also claims the unknown
 * bet's key. One statement: if the bet's key was taken meanwhile, the unique
 * violation undoes both inserts and the caller reads again.
 */
async function recordWithoutMoney(
  database: HotDatabase,
  providerCode: string,
  request: RollbackRequest,
  ctx: CallContext,
  fingerprint: string,
  options: { tombstone: boolean },
): Promise<void> {
  await hotRows(
    database,
    sql`WITH tombstone AS (
          INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id)
          SELECT ${providerCode}, ${request.reference_transaction_uuid}, 'tombstone', 'tombstone', ${TOMBSTONE_FINGERPRINT},
                 ${ctx.wallet_guid}::uuid, ${request.round_id}
           WHERE ${options.tombstone}::boolean
          RETURNING transaction_uuid)
        INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id,
                                           reference_uuid, amount, cash_amount, bonus_amount, balance_after, bonus_balance_after)
        SELECT ${providerCode}, ${request.transaction_uuid}, 'rollback', 'accepted', ${fingerprint}, w.guid, ${request.round_id},
               ${request.reference_transaction_uuid}, 0, 0, 0, w.balance, w.bonus_balance
          FROM wallets w WHERE w.guid = ${ctx.wallet_guid}::uuid`,
  );
}
