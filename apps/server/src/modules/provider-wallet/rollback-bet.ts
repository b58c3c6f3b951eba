import { sql } from "drizzle-orm";
import type { RollbackRequest } from "@croupier/contract/entities/provider-wallet";
import { systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { hotRows, isUniqueViolation, type HotDatabase } from "../../lib/sql-executor.ts";
import { contextWallet, MAX_ATTEMPTS, replayStored, unknownSession } from "./call-preamble.ts";
import { callFingerprint, TOMBSTONE_FINGERPRINT } from "./fingerprint.ts";
import { loadCallContext, type CallContext } from "./load-call-context.ts";
import { resolveCallSession, type CallSession } from "./resolve-call-session.ts";
import { moneyCallCommon, runMoneyCall } from "./run-money-call.ts";
import { walletResult, type WalletCallResult } from "./wallet-call-result.ts";

/**
 * rollback: refund a bet, exactly as it was funded (cash to cash, bonus to
 * bonus, wagering and free spins given back). Ignores token expiry, a closed
 * login session and player blocks. A rollback of a bet never seen records a
 * tombstone under the bet's transaction_uuid, so the bet is refused if it
 * arrives later; a rollback of an already rolled-back bet answers OK again.
 * Only bets are rolled back. Without a token the bet's session is used (ADR
 * 011); with one, it must be the bet's.
 */
export async function rollbackBet(database: HotDatabase, providerCode: string, request: RollbackRequest): Promise<WalletCallResult> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const session = await resolveCallSession(database, providerCode, {
      token: request.token,
      transactionUuid: request.transaction_uuid,
      referenceUuid: request.reference_transaction_uuid,
    });
    if (!session.found) {
      try {
        return await rollbackWithoutSession(database, providerCode, request, session);
      } catch (error) {
        // The bet (or this rollback's retry) claimed a key meanwhile: read again.
        if (!isUniqueViolation(error)) throw error;
        continue;
      }
    }
    const ctx = await loadCallContext(database, {
      providerCode,
      tokenHash: session.tokenHash,
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
        await recordWithoutMoney(database, providerCode, request, ctx.wallet_guid, fingerprint, { tombstone: true });
        return walletResult("OK", wallet);
      }
      if (bet.method !== "bet" && bet.method !== "tombstone") return walletResult("TRANSACTION_NOT_FOUND", wallet);
      if (bet.wallet_guid && bet.wallet_guid !== ctx.wallet_guid) return walletResult("TRANSACTION_NOT_FOUND", wallet);
      // The token must be the one the bet came with (a tombstone has no session).
      if (bet.session_guid && bet.session_guid !== ctx.session_guid) return walletResult("TRANSACTION_NOT_FOUND", wallet);
      if (bet.status !== "accepted") {
        await recordWithoutMoney(database, providerCode, request, ctx.wallet_guid, fingerprint, { tombstone: false });
        return walletResult("OK", wallet);
      }
      const refunded = await refund(database, providerCode, request, ctx, fingerprint);
      if (refunded && refunded !== "retry") return walletResult("OK", { ...wallet, ...refunded });
      // Another rollback of the same bet won the race, or a concurrent call claimed our key:
      // go round and answer "already rolled back" or as a repeat.
    } catch (error) {
      // A concurrent call claimed a key we wrote (the bet itself appeared, or
      // this rollback is being retried in parallel): read again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error(`rollback ${request.transaction_uuid} kept losing races`);
}

/** Refunds the bet if it is still accepted; null when another rollback got there first, "retry" when a concurrent call claimed our key. */
async function refund(
  database: HotDatabase,
  providerCode: string,
  request: RollbackRequest,
  ctx: CallContext,
  fingerprint: string,
): Promise<{ balance: string; bonusBalance: string } | "retry" | null> {
  const house = await systemAccountGuid(database.db, { kind: "house_game", owner: providerCode, currencyGuid: ctx.currency_guid });
  const outcome = await runMoneyCall(database, {
    method: "rollback",
    provider_code: providerCode,
    transaction_uuid: request.transaction_uuid,
    fingerprint,
    round_id: request.round_id,
    round_closed: false,
    reference_uuid: request.reference_transaction_uuid,
    house_account: house,
    announce: true,
    ...moneyCallCommon(ctx),
  });
  if (outcome.retry) return "retry";
  if (!outcome.applied) return null;
  return { balance: outcome.balance_after, bonusBalance: outcome.bonus_balance_after };
}

/**
 * A rollback without a token whose bet names no session (never seen, or a
 * tombstone): there is no wallet to refund or report, so it records what rule
 * 6 asks and answers with currency and balances null. Its fingerprint has no
 * player or wallet: a retry without a token matches it.
 */
async function rollbackWithoutSession(
  database: HotDatabase,
  providerCode: string,
  request: RollbackRequest,
  stored: Extract<CallSession, { found: false }>,
): Promise<WalletCallResult> {
  const fingerprint = callFingerprint({
    method: "rollback",
    playerGuid: null,
    walletGuid: null,
    gameCode: request.game_code,
    roundId: request.round_id,
    amount: null,
    currency: null,
    referenceUuid: request.reference_transaction_uuid,
    freeSpin: false,
    roundClosed: false,
  });
  if (stored.own) {
    if (stored.own.status === "tombstone") return walletResult("TRANSACTION_ROLLED_BACK");
    return walletResult(stored.own.fingerprint === fingerprint ? "OK" : "DUPLICATE_TRANSACTION");
  }
  if (request.reference_transaction_uuid === request.transaction_uuid) return walletResult("INVALID_REQUEST");
  const bet = stored.reference;
  if (bet && bet.method !== "tombstone") return walletResult("TRANSACTION_NOT_FOUND");
  await recordWithoutMoney(database, providerCode, request, null, fingerprint, { tombstone: !bet });
  return walletResult("OK");
}

/**
 * A rollback that moves nothing still claims its own transaction_uuid (so a
 * retry gets the same answer); with `tombstone` it also claims the unknown
 * bet's key. One statement: if the bet's key was taken meanwhile, the unique
 * violation undoes both inserts and the caller reads again. walletGuid null:
 * a rollback without a token of a bet never seen (no wallet to name).
 */
async function recordWithoutMoney(
  database: HotDatabase,
  providerCode: string,
  request: RollbackRequest,
  walletGuid: string | null,
  fingerprint: string,
  options: { tombstone: boolean },
): Promise<void> {
  await hotRows(
    database,
    sql`WITH tombstone AS (
          INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id)
          SELECT ${providerCode}, ${request.reference_transaction_uuid}, 'tombstone', 'tombstone', ${TOMBSTONE_FINGERPRINT},
                 ${walletGuid}::uuid, ${request.round_id}
           WHERE ${options.tombstone}::boolean
          RETURNING transaction_uuid)
        INSERT INTO provider_transactions (provider_code, transaction_uuid, method, status, fingerprint, wallet_guid, round_id,
                                           reference_uuid, amount, cash_amount, bonus_amount, balance_after, bonus_balance_after)
        SELECT ${providerCode}, ${request.transaction_uuid}, 'rollback', 'accepted', ${fingerprint}, w.guid, ${request.round_id},
               ${request.reference_transaction_uuid}, 0, 0, 0, w.balance, w.bonus_balance
          FROM (SELECT 1) one LEFT JOIN wallets w ON w.guid = ${walletGuid}::uuid`,
  );
}
