import { sql } from "drizzle-orm";
import type { RollbackRequest } from "@croupier/contract/entities/provider-wallet";
import { systemAccountGuid } from "../ledger/ledger-accounts.ts";
import { hotRows, isUniqueViolation, type HotDatabase } from "../../lib/sql-executor.ts";
import { callFingerprint, fingerprintFields, TOMBSTONE_FINGERPRINT, type WalletCall } from "./fingerprint.ts";
import type { CallContext } from "./load-call-context.ts";
import type { CallSession } from "./resolve-call-session.ts";
import { moneyCallCommon, runMoneyCall } from "./run-money-call.ts";
import { outcomeFreeSpins, walletResult, type FreeSpins, type WalletCallResult } from "./wallet-call-result.ts";
import { RETRY, withCallContext, type Decided } from "./with-call-context.ts";

/**
 * rollback: refund a bet, exactly as it was funded (cash to cash, bonus to
 * bonus, wagering and free spins given back). Ignores token expiry, a closed
 * login session and player blocks. A rollback of a bet never seen records a
 * tombstone under the bet's transaction_uuid, so the bet is refused if it
 * arrives later; a rollback of an already rolled-back bet answers OK again.
 * Only bets are rolled back. Without a token the bet's session is used (ADR
 * 011); with one, it must be the bet's.
 */
export async function rollbackBet(
  database: HotDatabase,
  providerCode: string,
  request: RollbackRequest,
): Promise<WalletCallResult> {
  const call = { method: "rollback", request } as const;
  return withCallContext(database, providerCode, call, {
    withoutSession: (stored) => retryOnClaimedKey(() => rollbackWithoutSession(database, providerCode, call, stored)),
    decide: ({ ctx, wallet, fingerprint }) =>
      retryOnClaimedKey(async () => {
        if (request.game_code !== ctx.game_code) return walletResult("INVALID_GAME", wallet);
        if (request.reference_transaction_uuid === request.transaction_uuid)
          return walletResult("INVALID_REQUEST", wallet);
        const bet = ctx.reference;
        if (!bet) {
          await recordWithoutMoney(database, providerCode, request, ctx.wallet_guid, fingerprint, { tombstone: true });
          return walletResult("OK", wallet);
        }
        if (bet.method !== "bet" && bet.method !== "tombstone") return walletResult("TRANSACTION_NOT_FOUND", wallet);
        if (bet.wallet_guid && bet.wallet_guid !== ctx.wallet_guid)
          return walletResult("TRANSACTION_NOT_FOUND", wallet);
        // The token must be the one the bet came with (a tombstone has no session).
        if (bet.session_guid && bet.session_guid !== ctx.session_guid)
          return walletResult("TRANSACTION_NOT_FOUND", wallet);
        if (bet.status !== "accepted") {
          await recordWithoutMoney(database, providerCode, request, ctx.wallet_guid, fingerprint, { tombstone: false });
          return walletResult("OK", wallet);
        }
        const refunded = await refund(database, providerCode, request, ctx, fingerprint);
        if (refunded && refunded !== "retry") return walletResult("OK", { ...wallet, ...refunded });
        // Another rollback of the same bet won the race, or a concurrent call claimed our key:
        // go round and answer "already rolled back" or as a repeat.
        return RETRY;
      }),
  });
}

/**
 * A rollback writes keys of its own outside the money statement (its claim, a tombstone): when a
 * concurrent call claimed one first (the bet itself appeared, or this rollback is being retried in
 * parallel), nothing of ours was kept; read again.
 */
async function retryOnClaimedKey(decide: () => Promise<Decided>): Promise<Decided> {
  try {
    return await decide();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return RETRY;
  }
}

/** Refunds the bet if it is still accepted; null when another rollback got there first, "retry" when a concurrent call claimed our key. */
async function refund(
  database: HotDatabase,
  providerCode: string,
  request: RollbackRequest,
  ctx: CallContext,
  fingerprint: string,
): Promise<{ balance: string; bonusBalance: string; freeSpins: FreeSpins | undefined } | "retry" | null> {
  const house = await systemAccountGuid(database.db, {
    kind: "house_game",
    owner: providerCode,
    currencyGuid: ctx.currency_guid,
  });
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
  // A refunded free spin is back on the wallet: report the count after the refund.
  return {
    balance: outcome.balance_after,
    bonusBalance: outcome.bonus_balance_after,
    freeSpins: outcomeFreeSpins(outcome),
  };
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
  call: Extract<WalletCall, { method: "rollback" }>,
  stored: Extract<CallSession, { found: false }>,
): Promise<WalletCallResult> {
  const { request } = call;
  const fingerprint = callFingerprint({ ...fingerprintFields(call), playerGuid: null, walletGuid: null });
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
  // Both keys are game_transactions rows (ADR 040) that are not game transactions: no player, no
  // session, no amounts. balance_after is the total answered, as on a game transaction.
  await hotRows(
    database,
    sql`WITH tombstone AS (
          INSERT INTO game_transactions (provider_code, tradeid, operation, status, fingerprint, wallet_guid, betid,
                                         bet_sum, win, isbet)
          SELECT ${providerCode}, ${request.reference_transaction_uuid}, 'tombstone', 'tombstone', ${TOMBSTONE_FINGERPRINT},
                 ${walletGuid}::uuid, ${request.round_id}, 0, 0, false
           WHERE ${options.tombstone}::boolean
          RETURNING tradeid)
        INSERT INTO game_transactions (provider_code, tradeid, operation, status, fingerprint, wallet_guid, betid,
                                       bet_sum, win, isbet, balance_after, bonus_balance_after, info)
        SELECT ${providerCode}, ${request.transaction_uuid}, 'void_rollback', 'accepted', ${fingerprint}, w.guid, ${request.round_id},
               0, 0, false, w.balance + w.bonus_balance, w.bonus_balance,
               jsonb_build_object('reference_transaction_uuid', ${request.reference_transaction_uuid}::text)
          FROM (SELECT 1) one LEFT JOIN wallets w ON w.guid = ${walletGuid}::uuid`,
  );
}
